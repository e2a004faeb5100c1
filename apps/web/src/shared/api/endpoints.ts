/**
 * Typed calls derived from the API contract: the method and path come from a feature's zod-free
 * route table, the input and reply types from its contract's schemas (a type-only import, so the
 * browser loads no zod for a call):
 *
 *   const favouritesApi = endpoints<typeof favouritesContract>(favouritesRouteTable);
 *   const { data } = await favouritesApi.add({ params: { type, id } }, { silent: true });
 */
import type { RouteContract, RouteData, RouteInput } from '@atelier/shared/contract';
import { fillPath, type RouteRef } from '@atelier/shared/route-table';
import { API_BASE, apiRequest, type Envelope, type RequestOptions } from './client';

export type CallOptions = Pick<RequestOptions, 'signal' | 'silent' | 'noSessionRedirect'>;

/** A route with nothing to send may be called with no input at all. */
export type Endpoint<C extends RouteContract> =
  Partial<RouteInput<C, FormData>> extends RouteInput<C, FormData>
    ? (input?: RouteInput<C, FormData>, options?: CallOptions) => Promise<Envelope<RouteData<C>>>
    : (input: RouteInput<C, FormData>, options?: CallOptions) => Promise<Envelope<RouteData<C>>>;

export type Endpoints<C extends Record<string, RouteContract>> = { [K in keyof C]: Endpoint<C[K]> };

/** Each route's table entry must match its contract entry's method and path. */
export type RouteTableOf<C extends Record<string, RouteContract>> = {
  [K in keyof C]: Pick<C[K], 'method' | 'path' | 'access'> & RouteRef;
};

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  form?: FormData | Record<string, unknown>;
}

/** One call of one route: the path filled from `params`, `query` on the URL, `body` as JSON or `form` as multipart. */
export function callRoute(ref: RouteRef, input: AnyInput = {}, options: CallOptions = {}): Promise<Envelope<unknown>> {
  const path = fillPath(ref.path, input.params).slice(API_BASE.length);
  return apiRequest(path, { ...options, method: ref.method, query: input.query, body: input.form ?? input.body });
}

export function endpoints<C extends Record<string, RouteContract>>(table: RouteTableOf<C>): Endpoints<C> {
  const calls: Record<string, unknown> = {};
  for (const [name, ref] of Object.entries<RouteRef>(table)) {
    calls[name] = (input?: AnyInput, options?: CallOptions) => callRoute(ref, input, options);
  }
  // The one place the reply's type is asserted: the server validates it against the same schema.
  return calls as Endpoints<C>;
}
