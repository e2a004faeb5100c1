/**
 * The API's routes as data the browser may load: method, path and who may call them, under the
 * names the contract (`contract.ts`) gives each route its schemas by. Zod-free: the web's first
 * paint takes its URLs from here and only the types from the schemas (docs/decisions/0074).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAccess = 'public' | 'user' | 'admin';

export interface RouteRef {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/favourites/:type/:id`. */
  readonly path: `/api/${string}`;
  readonly access: RouteAccess;
  /** The body is multipart (files allowed), read by readForm; the contract declares no body schema. */
  readonly multipart?: true;
}

/** A feature's routes by name; the identity keeps each literal method and path in the type. */
export function defineRoutes<const T extends Record<string, RouteRef>>(routes: T): T {
  return routes;
}

type PathValue = string | number;

/** `/api/favourites/:type/:id` with `{ type: 'product', id }` → `/api/favourites/product/<id>`; each value URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value satisfies PathValue));
  });
}
