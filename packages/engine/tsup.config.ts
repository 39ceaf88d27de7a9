import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: ['src/index.ts', 'src/import.ts', 'src/node.ts', 'src/msw.ts', 'src/store.ts', 'src/insights.ts'],
  // Keep `node:fs` etc. as written, so bundlers and size-limit see them as Node built-ins.
  removeNodeProtocol: false,
  // The CommonJS build gets a real import.meta.url (the store resolves better-sqlite3 from it).
  shims: true,
});
