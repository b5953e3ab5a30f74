/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server serves this build under /sysadmin/ (index.html for every
// /sysadmin/* path), so asset URLs are absolute under that prefix.
const backend = 'http://localhost:8080';

export default defineConfig({
    base: '/sysadmin/',
    plugins: [react()],
    build: {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
    },
    server: {
        port: 5174,
        proxy: {
            '/user/api': backend,
            '/apply': backend,
            '/actuator': backend,
        },
    },
    test: {
        environment: 'jsdom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['src/test/setup.ts'],
        restoreMocks: true,
        // The first render of the whole admin in a file loads react-admin's
        // lazy pages in jsdom: seconds on a quiet machine, much more on a busy
        // one (make test runs both apps at once). The waits allow for that.
        testTimeout: 90_000,
    },
});
