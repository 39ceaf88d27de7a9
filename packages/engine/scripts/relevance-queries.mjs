// Hand-written shopper queries over the demo shop's two catalogs (apps/demo-shop/src/catalogs.mjs:
// `luma` and `shopify-csv`), each with what a shopper expects, for `pnpm bench:relevance`. The
// queries are data, kept as rows in relevance-queries.tsv beside this file (one tab between
// columns, `#` starts a comment line, the first other line names the columns); this module reads
// them as [catalog, query, kind, expected] tuples.
//
// `expected` lists alternatives separated by " || ", each a conjunction of conditions separated by
// " && ": `type=<product type>`, `tag=<tag>`, `vendor=<vendor>`, `handle=<handle>` (exact),
// `handle~<text>` (the handle contains it), `title~<word>` (a title word starts with it,
// case-insensitive). An empty `expected` means that nothing in the catalog answers the query: the
// right answer is no products.
import { readFileSync } from 'node:fs';

const FILE = new URL('./relevance-queries.tsv', import.meta.url);
const COLUMNS = ['catalog', 'query', 'kind', 'expected'];

/** The rows of a queries table (the text of relevance-queries.tsv), in file order. */
export function parseQueries(text) {
  const rows = [];
  let header = null;
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    if (header === null) {
      header = cells;
      if (cells.join('\t') !== COLUMNS.join('\t')) throw new Error(`[bench:relevance] relevance-queries.tsv line ${i + 1}: the columns must be ${COLUMNS.join(', ')} (one tab between them).`);
      return;
    }
    // An empty `expected` may lose its tab to an editor that trims lines.
    if (cells.length === COLUMNS.length - 1) cells.push('');
    if (cells.length !== COLUMNS.length || cells.slice(0, 3).some((c) => c === '')) {
      throw new Error(`[bench:relevance] relevance-queries.tsv line ${i + 1}: expected a catalog, a query, a kind and what is expected, separated by tabs; got "${line}".`);
    }
    rows.push(cells);
  });
  return rows;
}

export const QUERIES = parseQueries(readFileSync(FILE, 'utf8'));
