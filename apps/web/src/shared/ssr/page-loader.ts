/**
 * What a route module of a server-rendered page exports (see app/page-routes.ts): its component and
 * its loader, the queries its first render reads. The server runs the loader before rendering, with
 * the browser's own query options (the API client answers them in-process there,
 * shared/ssr/server-api.ts), so the hydrated page finds them in its cache and asks for nothing again.
 */
import type { Currency, Language, PageId } from '@atelier/shared';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError } from '../api/api-error';

export interface PageContext {
  /** The page the address matched (a module may serve several). */
  page: PageId;
  client: QueryClient;
  lang: Language;
  currency: Currency;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/** Starts the page's queries; the render waits for all of them. */
export type RouteLoader = (context: PageContext) => Promise<unknown>[];

export interface PageRouteModule {
  /** The page, as the route renders it. */
  Component: ComponentType;
  /** Its data before the first render; a page without one shows what the header and footer read. */
  loader?: RouteLoader;
}

/**
 * Runs a query into the cache; a read the API answers 404 or 400 (an address that names nothing)
 * is left out, to show the page's not-found state; any other failure fails the render.
 */
export function load<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T | null> {
  return client.fetchQuery(options).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}

/** What the route of a server-rendered page carries for the server renderer. */
export interface PageRouteHandle {
  /** The module's source path, as the client build's manifest names it. */
  module: string;
  importModule: () => Promise<PageRouteModule>;
}
