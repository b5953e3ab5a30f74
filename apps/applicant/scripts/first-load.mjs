// Prints the first-load JavaScript of the built app: every script that
// dist/index.html loads before any page's own code (its <script src>, its
// modulepreload links, and what those import statically, which the browser
// fetches too), and the shell's texts of one language (catalogue.<lang>), which
// src/main.tsx fetches at once (the larger one is counted; the pages' texts come
// with a page's code, as its chunk does), each gzipped at the level
// scripts/compress.mjs serves. With --home it also prints the prerendered home
// page's set (the entry and the modules public/start-after-paint.js is given);
// --verbose lists the files.
//   node scripts/first-load.mjs [dist] [--home] [--verbose]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? join(import.meta.dirname, '..', 'dist'));

/** The hrefs an HTML page loads as scripts at once, in document order. */
function htmlScripts(html) {
  const hrefs = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script') && attr('src')) hrefs.push(attr('src'));
    if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href')) hrefs.push(attr('href'));
    // the prerendered page starts the app through start-after-paint.js
    for (const name of ['data-entry', 'data-preload']) for (const href of (attr(name) ?? '').split(' ')) if (href) hrefs.push(href);
  }
  return hrefs;
}

/** The static imports of a built module (not import(): those load later). */
function staticImports(code) {
  const found = [];
  for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) found.push(m[1]);
  return found;
}

function firstLoad(htmlFile) {
  const files = new Map(); // href -> gzip bytes
  const visit = (href) => {
    const path = href.replace(/^\//, '');
    if (files.has(path)) return;
    const file = join(dist, path);
    if (!existsSync(file)) throw new Error(`${htmlFile} loads ${href}, missing from ${dist}`);
    const code = readFileSync(file);
    files.set(path, gzipSync(code, { level: 9 }).length);
    for (const rel of staticImports(code.toString('utf8'))) visit(posix.join(posix.dirname(path), rel));
  };
  htmlScripts(readFileSync(join(dist, htmlFile), 'utf8')).forEach(visit);
  const catalogues = readdirSync(join(dist, 'assets')).filter((name) => /^catalogue\.\w+-[\w-]+\.js$/.test(name));
  const largest = catalogues.map((name) => [name, gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length]).sort((a, b) => b[1] - a[1])[0];
  if (largest) visit(`assets/${largest[0]}`);
  return files;
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`; // as Vite prints sizes
const pages = ['index.html'];
if (args.includes('--home')) pages.push('prerendered/home.ko.html');
for (const page of pages) {
  const files = firstLoad(page);
  let sum = 0;
  for (const [path, gz] of [...files].sort((a, b) => b[1] - a[1])) {
    sum += gz;
    if (args.includes('--verbose')) console.log(`  ${kB(gz).padStart(9)}  ${path}`);
  }
  console.log(`${page}: first-load JavaScript ${kB(sum)} gzip in ${files.size} files`);
}
