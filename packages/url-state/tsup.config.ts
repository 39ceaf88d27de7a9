import { packageBuild } from '../../tsup.base';

export default packageBuild({ target: 'es2022' });
