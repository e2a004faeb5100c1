/**
 * The contract between the server and the web app's server renderer: the server hands the
 * renderer `ApiRead`, which answers the public API's GET reads in-process (no HTTP to itself, no
 * socket); the renderer runs each page's loader, whose queries are the browser's own (query key and
 * query function), renders the page and returns the HTML plus the query cache it filled, which the
 * browser's cache starts from so hydration fetches nothing again.
 */

import type { Language } from './i18n';
import type { Currency } from './money';

/**
 * `GET <url>` (`/api/…` with its query) as an anonymous visitor would send it: the status and the
 * JSON body the API answers.
 */
export type ApiRead = (url: string) => Promise<{ status: number; body: string }>;

export interface RenderRequest {
  /** Path and query, e.g. `/shop?category=flowers`. */
  url: string;
  lang: Language;
  currency: Currency;
  /** The public API, answered in-process. */
  api: ApiRead;
}

export interface RenderResult {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** JSON for `<script type="application/json" id="ssr-state">`: language, currency, query cache. */
  state: unknown;
  /**
   * Source modules the page's first render used beyond the entry (its lazy page chunk and its
   * language's texts), as the client build's manifest names them, so the HTML can preload them.
   */
  modules: string[];
}

/** What the server renderer module (`dist-ssr/entry-server.js`) exports. */
export interface PageRenderer {
  /** The page ids (`PAGES` keys) this renderer renders; any other page is served as the plain shell. */
  readonly pages: readonly string[];
  render(request: RenderRequest): Promise<RenderResult | null>;
}
