// Writes data/luma/catalog.json, filter-tree.json and swatches.json from data/luma/csv.
// Run: pnpm --filter @pkg/engine run build:luma
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLumaCatalog } from './luma-catalog';

const here = dirname(fileURLToPath(import.meta.url));
// Compiled into node_modules/.cache/engine-scripts; the data folder sits at the repository root.
const dataDir = resolve(process.env.LUMA_DATA_DIR ?? resolve(here, '../../../../../data/luma'));
const files = buildLumaCatalog(dataDir);
writeFileSync(resolve(dataDir, 'catalog.json'), files.catalog);
writeFileSync(resolve(dataDir, 'filter-tree.json'), files.filterTree);
writeFileSync(resolve(dataDir, 'swatches.json'), files.swatches);
console.log(`[@pkg/engine] wrote ${dataDir}/catalog.json, filter-tree.json and swatches.json`);
