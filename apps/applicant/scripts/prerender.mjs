// After `vite build`: renders the home page to HTML in Korean and English
// (src/prerender.tsx, in Node through Vite) into dist/prerendered/home.<lang>.html,
// each a copy of dist/index.html with the page inside #root. The server sends
// it for "/" in the visitor's language (the locale cookie): the browser paints
// the page from the HTML alone, and the app takes over when its code is here
// (src/main.tsx). Until then the copy is inert: a click or a key does nothing
// there rather than something the app would not know of. The page needs no
// script to be painted, so its copy loads the app only after the first paint
// (public/start-after-paint.js, given the entry and its modules): painting
// never waits for 250 kB of code to arrive and run.
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
// ... and the home page's own chunk with what it imports (Vite's manifest, not served).
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
rmSync(join(dist, '.vite'), { recursive: true, force: true });
const homeChunks = [];
const addChunk = (key) => {
  const chunk = manifest[key];
  if (!chunk || homeChunks.includes(`/${chunk.file}`)) return;
  (chunk.imports ?? []).forEach(addChunk);
  homeChunks.push(`/${chunk.file}`);
};
addChunk('src/app/routes/home.tsx');
if (!homeChunks.length) throw new Error('the manifest has no src/app/routes/home.tsx');
const preloads = [...new Set([...[...template.matchAll(preload)].map((m) => m[1]), ...homeChunks])];
const startAfterPaint = `<script defer src="/start-after-paint.js" data-entry="${entryHref}" data-preload="${preloads.join(' ')}"></script>\n  `;
const shellTemplate = template.replace(entry, startAfterPaint).replace(preload, '');

const vite = await createServer({
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderPage } = await vite.ssrLoadModule('/src/prerender.tsx');
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const lang of ['ko', 'en']) {
    const body = await renderPage('/', lang);
    const html = shellTemplate
      .replace('<html lang="ko">', `<html lang="${lang}">`)
      .replace(marker, `<div id="root"><div inert>${body}</div></div>`);
    writeFileSync(join(dist, 'prerendered', `home.${lang}.html`), html);
    console.log(`dist/prerendered/home.${lang}.html ${(html.length / 1024).toFixed(1)} kB`);
  }
} finally {
  await vite.close();
}
