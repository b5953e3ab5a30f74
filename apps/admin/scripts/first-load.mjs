// Prints the admin's first-load JavaScript: the gzip size of every script
// dist/index.html loads before anything else runs (its module entries and
// their modulepreload links). Run after `npm run build`:
//   node scripts/first-load.mjs [dist]  [--max KB]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const maxKB = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : undefined;
const dist = args[0] ?? new URL('../dist', import.meta.url).pathname;
const BASE = '/sysadmin/';

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const urls = new Set();
for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(m[1]);
for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) urls.add(m[1]);

let total = 0;
const rows = [];
for (const url of urls) {
    const file = join(dist, url.startsWith(BASE) ? url.slice(BASE.length) : url);
    const size = gzipSync(readFileSync(file)).length;
    total += size;
    rows.push([size, url]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, url] of rows) console.log(`${(size / 1024).toFixed(2).padStart(9)} KB  ${url}`);
console.log(`first-load JS (gzip): ${(total / 1024).toFixed(2)} KB in ${rows.length} files`);
if (maxKB !== undefined && total / 1024 > maxKB) {
    console.error(`over the budget of ${maxKB} KB`);
    process.exit(1);
}
