// After `vite build`: renders the pages a guest opens first to HTML in Korean
// and English (src/prerender.tsx, in Node through Vite): home into
// dist/prerendered/home.<lang>.html, login and the start of sign-up (its terms)
// into user-login.<lang>.html and user-agree.<lang>.html, each a copy of
// dist/index.html with the page inside #root. The server sends home's for "/"
// in the visitor's language (the locale cookie), and the others for their
// paths where it knows them (adapters/httpapi/static.go): the browser paints
// the page from the HTML alone, and the app takes over when its code is here
// (src/main.tsx). Until then the copy is inert: a click or a key does nothing
// there rather than something the app would not know of. The page needs no
// script to be painted, so its copy loads the app only after the first paint
// (public/start-after-paint.js, given the entry and its modules): painting
// never waits for 250 kB of code to arrive and run.
// It also writes dist/routes.json, every path pattern of the router: the
// server answers 404 (still with the app, which shows its not-found page) for
// a path none of them matches.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

// The app's entry and the modules Vite preloads with it, started after the first paint.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const entryHref = template.match(entry)?.[1];
if (!entryHref) throw new Error('dist/index.html has no module script');
// ... and each page's own chunk with what it imports (Vite's manifest, not served).
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
rmSync(join(dist, '.vite'), { recursive: true, force: true });
function pageChunks(source) {
  const chunks = [];
  const addChunk = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunks.includes(`/${chunk.file}`)) return;
    (chunk.imports ?? []).forEach(addChunk);
    chunks.push(`/${chunk.file}`);
  };
  addChunk(source);
  if (!chunks.length) throw new Error(`the manifest has no ${source}`);
  return chunks;
}
// the pages' texts of a language, which every page but home waits for (src/components/lazy-page.tsx)
const textsChunk = (lang) => {
  const chunk = manifest[`src/locales/pages.${lang}.ts`];
  if (!chunk) throw new Error(`the manifest has no src/locales/pages.${lang}.ts`);
  return `/${chunk.file}`;
};
const entryPreloads = [...template.matchAll(preload)].map((m) => m[1]);
const shellTemplate = template.replace(preload, '');
/** The copy of index.html that starts the app after the first paint, with the page's modules. */
const startAfterPaint = (chunks) =>
  shellTemplate.replace(entry, `<script defer src="/start-after-paint.js" data-entry="${entryHref}" data-preload="${[...new Set([...entryPreloads, ...chunks])].join(' ')}"></script>\n  `);

// path, file name, the page's module, whether it shows the pages' texts
const pages = [
  ['/', 'home', 'src/app/routes/home.tsx', false],
  ['/user/login', 'user-login', 'src/app/routes/login.tsx', true],
  ['/user/agree', 'user-agree', 'src/app/routes/agree.tsx', true],
];

const vite = await createServer({
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderPage, routePatterns } = await vite.ssrLoadModule('/src/prerender.tsx');
  // the router's paths, for the server to answer 404 for any other (static.go)
  const patterns = routePatterns();
  if (!patterns.includes('/user/login')) throw new Error(`the router's paths lack /user/login: ${patterns.join(' ')}`);
  writeFileSync(join(dist, 'routes.json'), `${JSON.stringify({ paths: patterns }, null, 1)}\n`);
  console.log(`dist/routes.json ${patterns.length} paths`);
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const [path, name, source, pageTexts] of pages) {
    // every page renders inside the app's query client, which comes with its code (src/components/lazy-page.tsx)
    const chunks = [...pageChunks('src/lib/query-client.tsx'), ...pageChunks(source)];
    for (const lang of ['ko', 'en']) {
      const body = await renderPage(path, lang);
      const html = startAfterPaint(pageTexts ? [...chunks, textsChunk(lang)] : chunks)
        .replace('<html lang="ko">', `<html lang="${lang}">`)
        .replace(marker, `<div id="root"><div inert>${body}</div></div>`);
      writeFileSync(join(dist, 'prerendered', `${name}.${lang}.html`), html);
      console.log(`dist/prerendered/${name}.${lang}.html ${(html.length / 1024).toFixed(1)} kB`);
    }
  }
} finally {
  await vite.close();
}
