import { packageBuild } from '../../tsup.base';

export default packageBuild({ target: 'es2022', entry: ['src/index.ts', 'src/router.ts', 'src/memory.ts'] });
