/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const backend = process.env.API_TARGET ?? 'http://localhost:8080';

/** index.html preloads the chunks that main.tsx imports step by step (and
 * what they import), not only the entry's own imports: all are fetched at
 * once, while main.tsx evaluates them one task at a time. The languages' texts
 * are not preloaded: main.tsx fetches the visitor's one only. */
const isCatalogue = (moduleId: string | null | undefined) => !!moduleId && /\/src\/locales\/(catalogue|pages)\.\w+\.ts$/.test(moduleId);

function preloadStartSteps(): Plugin {
  return {
    name: 'gradapply-preload-start-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = ctx.chunk;
        const bundle = ctx.bundle;
        if (!entry || !bundle) return html;
        const seen = new Set([entry.fileName, ...entry.imports]); // Vite preloads these already
        const files: string[] = [];
        const add = (file: string) => {
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== 'chunk' || isCatalogue(chunk.facadeModuleId)) return;
          seen.add(file);
          chunk.imports.forEach(add);
          files.push(file);
        };
        entry.dynamicImports.forEach(add);
        return {
          html,
          tags: files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        };
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), preloadStartSteps()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/user/api': { target: backend, changeOrigin: false },
      '/apply': { target: backend, changeOrigin: false },
      '/actuator': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // read by scripts/prerender.mjs (the home page's chunks), then removed
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // CI and development machines are small and often busy: generous limits, no flaky timeouts
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
