import { copyFileSync } from 'node:fs';
import { packageBuild } from '../../tsup.base';

export default packageBuild({
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  onSuccess: async () => {
    copyFileSync('src/styles.css', 'dist/styles.css');
  },
});
