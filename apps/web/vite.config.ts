import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { hydrationReport } from './scripts/hydration-report';
import { PAGE_ROUTES } from './src/app/page-routes';

const api = 'http://127.0.0.1:3000';

/**
 * Fails the build when zod reaches the first paint: the entry chunk, the app's chunk and every chunk
 * they import statically. Forms load it in their own lazy chunks; what the first paint needs from
 * @atelier/shared sits in its zod-free modules (docs/decisions/0032).
 */
function zodOutOfFirstPaint(): Plugin {
  return {
    name: 'atelier:zod-out-of-first-paint',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])));
      const firstPaint = new Set<string>();
      // The entry (boot.ts) starts the app (main.tsx) once the page has loaded: both are the first paint.
      const queue = [...chunks.values()]
        .filter((c) => c.isEntry || /[\\/]src[\\/]main\.tsx$/.test(c.facadeModuleId ?? ''))
        .map((c) => c.fileName);
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        if (firstPaint.has(name)) continue;
        firstPaint.add(name);
        queue.push(...(chunks.get(name)?.imports ?? []));
      }
      const modules = [...firstPaint].flatMap((name) => chunks.get(name)?.moduleIds ?? []);
      if (!modules.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) return;
      const shared = modules
        .filter((id) => /packages[\\/]shared[\\/]src[\\/]/.test(id))
        .map((id) => id.replace(/.*[\\/]/, ''));
      this.error(
        'zod is in the first paint. Code the first paint runs may use only zod-free modules of @atelier/shared ' +
          '(move a value it needs into one, e.g. <feature>.constants.ts). ' +
          `Shared modules in the first paint: ${shared.join(', ')}`,
      );
    },
  };
}

/**
 * index.html is a template with placeholders the API server fills for each page (its language, its
 * head, the rendered markup and its state: TEMPLATE_SLOTS in apps/server/src/platform/http/spa.routes.ts).
 * The dev server has no server renderer: it fills them with the default language and title, and the
 * page renders in the browser.
 */
function devTemplate(): Plugin {
  const values: Record<string, string> = {
    '<!--app-lang-->': 'ru',
    '<!--app-head-->': '<title>Atelier — цветы из шёлка ручной работы</title>',
    '<!--app-html-->': '',
    '<!--app-state-->': '',
  };
  return {
    name: 'atelier:dev-template',
    apply: 'serve',
    transformIndexHtml(html) {
      return Object.entries(values).reduce((out, [slot, value]) => out.replace(slot, () => value), html);
    },
  };
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server renderer: one self-contained module the API server imports (React and the
        // libraries bundled in, so it runs wherever the server runs).
        plugins: [react()],
        // React's production build whatever NODE_ENV the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          outDir: 'dist-ssr',
          emptyOutDir: true,
          target: 'node20',
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } },
        },
      }
    : {
        plugins: [react(), tailwindcss(), devTemplate(), zodOutOfFirstPaint(), hydrationReport(PAGE_ROUTES)],
        // zod without `new Function` (the CSP forbids eval): see src/shared/forms/zod-jitless.ts.
        resolve: {
          alias: [
            {
              find: /^zod$/,
              replacement: fileURLToPath(new URL('./src/shared/forms/zod-jitless.ts', import.meta.url)),
            },
          ],
        },
        server: {
          port: 5173,
          proxy: { '/api': api, '/uploads': api, '/dev': api },
        },
        build: {
          outDir: 'dist',
          assetsDir: 'assets',
          emptyOutDir: true,
          // Names every source module's chunk: the server preloads the chunks a rendered page needs.
          manifest: true,
          // The server sets CSP script-src 'self'; keep everything in files, nothing inlined as data: scripts.
          assetsInlineLimit: 0,
          // No modulepreload polyfill in the one script every page loads up front: Chromium, Firefox and
          // Safari 17+ know `<link rel="modulepreload">`; an older Safari loads the chunks in turn.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              // The validator is needed by forms (lazy chunks) only: keep it in its own chunk so it is
              // never glued to the helpers the first paint loads.
              codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
            },
          },
        },
      },
);
