import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pureSharedSchemas } from './build/pure-shared-schemas.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [pureSharedSchemas(), react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api, '/dev': api },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The server sets CSP script-src 'self'; keep everything in files, nothing inlined as data: scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // @atelier/shared is zod schemas plus plain helpers. Building a schema has no side effect, so
        // a page that only needs `formatMoney` must not pull the validator into the first paint.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src/, sideEffects: false }],
      },
      output: {
        // The validator is needed by forms (lazy chunks) only: keep it in its own chunk so it is
        // never glued to the helpers the first paint loads.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
