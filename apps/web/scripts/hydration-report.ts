/**
 * Weighs, at build time, the JavaScript each server-rendered page needs until it is hydrated: the
 * entry, the app (src/main.tsx), the texts of one language and the page's own lazy module (as the
 * server lists them in `#ssr-modules`), each with every chunk it imports statically; summed as
 * gzip -9 of the built chunks. Chunks loaded later (on a tap, after idle) do not count.
 *
 * It also lists which of the parts that must load only when used (dialogs, forms, the validator,
 * toasts, the player) are in a page's set. The report goes to dist/.vite/hydration-report.json;
 * scripts/check-js-budget.mjs judges it against the budgets (a stage of `npm test`), and the bench
 * prints it next to what a browser loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface PageWeight {
  page: string;
  language: string;
  gzipBytes: number;
  files: number;
  /** Parts that must load only when used, found in the page's set (should be empty). */
  interactionParts: string[];
  /** The chunks, heaviest first. */
  chunks: { file: string; gzipBytes: number }[];
}

export interface HydrationReport {
  languages: string[];
  pages: PageWeight[];
}

/** What must never be part of a page's hydration: each loads when the visitor uses it. */
export const INTERACTION_PARTS: { name: string; test: RegExp }[] = [
  { name: 'zod (form validation)', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  { name: 'react-hook-form', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  { name: 'form fields', test: /[\\/]src[\\/]shared[\\/]ui[\\/]form-field\.tsx$/ },
  { name: 'sonner (toasts)', test: /[\\/]node_modules[\\/]sonner[\\/]/ },
  { name: 'Radix dialog', test: /[\\/]node_modules[\\/]@radix-ui[\\/]/ },
  { name: 'hls.js', test: /[\\/]node_modules[\\/]hls\.js[\\/]/ },
  { name: 'the lesson player', test: /[\\/]src[\\/]features[\\/]lessons[\\/]components[\\/]lesson-player\.tsx$/ },
  { name: 'the server messages', test: /[\\/]packages[\\/]shared[\\/]src[\\/]messages\.ts$/ },
];

const LANGUAGES = ['ru', 'en', 'es'];
/** Pages whose player is the page itself: the player check does not apply to them. */
const PLAYER_PAGES = new Set(['lesson', 'lessonByQuery', 'course']);

/** `pageRoutes`: page id → the name of its route module (`<name>.route.tsx`, src/app/page-routes.ts). */
export function hydrationReport(pageRoutes: Record<string, string>): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'atelier:hydration-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])));
      const sizes = new Map<string, number>();
      const gzip = (file: string) => {
        let size = sizes.get(file);
        if (size === undefined) {
          size = gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length;
          sizes.set(file, size);
        }
        return size;
      };
      const chunkOf = (module: string) =>
        [...chunks.values()].find((c) => c.facadeModuleId && relative(root, c.facadeModuleId) === module)?.fileName;
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const app = chunkOf('src/main.tsx');
      if (!app) throw new Error('hydration report: no chunk for src/main.tsx');

      const pages: PageWeight[] = [];
      const weighed = new Map<string, string>();
      const routeChunk = (name: string) =>
        [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/${name}.route.tsx`))?.fileName;
      for (const [page, module] of Object.entries(pageRoutes)) {
        // Pages rendering the same module weigh the same: one line for the first of them.
        if (weighed.has(module)) continue;
        weighed.set(module, page);
        const pageChunk = routeChunk(module);
        if (!pageChunk) throw new Error(`hydration report: no chunk for the route module ${module} (page ${page})`);
        for (const language of LANGUAGES) {
          const texts = chunkOf(`src/locales/${language}/index.ts`);
          if (!texts) throw new Error(`hydration report: no chunk for the ${language} texts`);
          const set = new Set<string>();
          const queue = [...entries, app, texts, pageChunk];
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            if (set.has(file)) continue;
            set.add(file);
            queue.push(...(chunks.get(file)?.imports ?? []));
          }
          const moduleIds = [...set].flatMap((file) => chunks.get(file)?.moduleIds ?? []);
          const interactionParts = INTERACTION_PARTS.filter(
            (part) => !(PLAYER_PAGES.has(page) && /player|hls/.test(part.name)),
          )
            .filter((part) => moduleIds.some((id) => part.test.test(id)))
            .map((part) => part.name);
          const list = [...set]
            .map((file) => ({ file, gzipBytes: gzip(file) }))
            .sort((a, b) => b.gzipBytes - a.gzipBytes);
          pages.push({
            page,
            language,
            gzipBytes: list.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
            files: list.length,
            interactionParts,
            chunks: list,
          });
        }
      }
      const file = join(outDir, '.vite', 'hydration-report.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ languages: LANGUAGES, pages } satisfies HydrationReport, null, 2)}\n`);
    },
  };
}
