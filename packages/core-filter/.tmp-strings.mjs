import { build } from 'esbuild';
const [spec] = process.argv.slice(2);
const r = await build({ stdin: { contents: `export ${spec} from './src/index.ts';`, resolveDir: process.cwd(), loader: 'js' }, bundle: true, write: false, format: 'esm', minify: true, external: ['@pkg/*'] });
const t = r.outputFiles[0].text;
const strs = t.match(/"(?:[^"\\]|\\.){25,}"|'(?:[^'\\]|\\.){25,}'|`(?:[^`\\]|\\.){25,}`/g) || [];
strs.sort((a,b)=>b.length-a.length);
console.log(strs.reduce((a,s)=>a+s.length,0), 'bytes in', strs.length, 'long literals');
for (const s of strs) console.log(s.length, s.slice(0,160));
