/**
 * The server renderer (built by `vite build --ssr` into dist-ssr/, loaded by the API server): renders
 * one public page in the visitor's language and currency from the public API the server answers in-process,
 * and returns the markup with the query cache it filled. The browser entry (main.tsx) hydrates
 * that markup from the same cache. docs/decisions/0037 says why it is built this way.
 */

import type { Currency, Language, PageId, PageRenderer, RenderRequest, RenderResult } from '@atelier/shared';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { RENDERED_PAGES } from './app/page-routes';
import { createQueryClient } from './app/query-client';
import { routes } from './app/route-table';
import { landingQueryOptions } from './features/landing/api/get-landing';
import en from './locales/en/index';
import enLater from './locales/en/later/index';
import es from './locales/es/index';
import esLater from './locales/es/later/index';
import ru from './locales/ru/index';
import ruLater from './locales/ru/later/index';
import { mergeArea, type Tree } from './locales/tree';
import { i18nOptions } from './shared/i18n/i18n-options';
import { TranslationProvider } from './shared/i18n/use-translation';
import { load, type PageRouteHandle } from './shared/ssr/page-loader';
import { type RenderedState, RenderedWith } from './shared/ssr/rendered-with';
import { answerApiWith } from './shared/ssr/server-api';

// Every text of the language (the browser loads the later ones after hydrating).
const RESOURCES: Record<Language, Tree> = {
  ru: mergeArea(ru, ruLater),
  en: mergeArea(en, enLater),
  es: mergeArea(es, esLater),
};

/** Abandons a render that has not finished in this time (a stuck part must not hold a request). */
const RENDER_TIMEOUT_MS = 10_000;

const instances = new Map<Language, I18n>();

/** One i18next instance per language, made once: the server never switches its language. */
function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    // Synchronous: the texts are at hand (no backend).
    void instance.init(i18nOptions(lang, RESOURCES[lang]));
    instances.set(lang, instance);
  }
  return instance;
}

/**
 * The whole page, every lazy part and boundary resolved (a prerender, not a stream): the page is
 * cached as one document, and a streamed boundary would need an inline script, which the CSP forbids.
 */
async function toHtml(element: ReactNode): Promise<string> {
  // A part that fails would be left for the browser to render: the page fails instead, and the
  // server sends its shell (nothing half-rendered is cached).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // Every boundary inline, however large: an outlined one is revealed by an inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}

export const pages: PageId[] = RENDERED_PAGES;

export async function render({ url, lang, currency, api }: RenderRequest): Promise<RenderResult | null> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname);
  const match = matches?.at(-1);
  const page = match?.route.id as PageId | undefined;
  const handle = match?.route.handle as PageRouteHandle | undefined;
  if (!match || !page || !handle || !pages.includes(page)) return null;

  answerApiWith(api);
  const client = createQueryClient();
  const i18n = i18nFor(lang);
  // The page's queries and the site settings the header and footer show on every page.
  const { loader } = await handle.importModule();
  const context = { page, client, lang, currency, params: match.params, search: location.searchParams };
  await Promise.all([load(client, landingQueryOptions()), ...(loader?.(context) ?? [])]);

  const handler = createStaticHandler(routes);
  const routing = await handler.query(new Request(location.href));
  if (routing instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, routing);
  const rendered: RenderedState = { lang, currency: currency satisfies Currency };

  const html = await toHtml(
    <StrictMode>
      <TranslationProvider i18n={i18n}>
        <RenderedWith value={rendered}>
          <QueryClientProvider client={client}>
            <StaticRouterProvider router={router} context={routing} hydrate={false} />
          </QueryClientProvider>
        </RenderedWith>
      </TranslationProvider>
    </StrictMode>,
  );
  const modules = [`src/locales/${lang}/index.ts`, handle.module];
  return { html, state: { ...rendered, queries: dehydrate(client) }, modules };
}

export default { pages, render } satisfies PageRenderer;
