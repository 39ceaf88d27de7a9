// `node dist/cli.js '/collections/all?pf_v_vendor=Acme'` prints that address's filtered listing.
import { listing } from './listing.js';

const url = process.argv[2] ?? '/collections/all';
console.log((await listing(url)).join('\n'));
