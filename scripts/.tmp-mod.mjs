import { build } from 'esbuild';
const [spec, mod] = process.argv.slice(2);
const r = await build({ stdin: { contents: `export ${spec} from './src/index.ts';`, resolveDir: process.cwd(), loader: 'js' }, bundle: true, write: false, format: 'esm', minifySyntax: true, minifyIdentifiers: false, external: ['@pkg/*'], define: { 'process.env.NODE_ENV': '"production"' } });
const parts = r.outputFiles[0].text.split(/^\/\/ (\S+)\n/m);
for (let i = 1; i < parts.length; i += 2) if (parts[i].includes(mod)) console.log(parts[i + 1]);
