import { packageBuild } from '../../tsup.base';

// Five entries: the main one and the subpaths a headless page does not need. Splitting (for CJS
// too) keeps the modules they share, such as the TransportError class, in one chunk.
export default packageBuild({ entry: ['src/index.ts', 'src/view.ts', 'src/tolerant.ts', 'src/server.ts', 'src/search.ts'], splitting: true });
