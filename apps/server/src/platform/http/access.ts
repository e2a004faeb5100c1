/**
 * Every API route declares who may call it, where it is defined:
 *   app.get('/api/x', { config: { access: 'public' } }, handler)
 * A route without a declaration fails at start-up (and in the route-table test), so a later
 * feature cannot forget it. The guard that enforces 'user' and 'admin' lives in platform/auth.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

export const ACCESS_LEVELS = ['public', 'user', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    /**
     * The route reads its body with readForm (files allowed). Declared so the route table lists
     * every upload route: the malformed-body test walks them, and readForm refuses to run without it.
     */
    multipart?: boolean;
    /**
     * The session may also come from the `token` cookie, not only the Authorization header:
     * `<video>`, `<track>`, hls.js and download links cannot send a header, but they send the
     * site's cookies. Only for GET routes that stream a private file to its signed-in owner.
     */
    sessionCookie?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered on the app with its declared access level (tests walk it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessLevel | undefined;
  /** Declared `multipart: true` (reads files through readForm). */
  multipart: boolean;
  /** The route's request schemas (zod), so a test can derive valid and malformed requests. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** Paths served by third-party plugins (OpenAPI UI) that are public by nature. */
const EXEMPT = [/^\/api\/docs(\/|$)/];

export function routeNeedsDeclaration(url: string): boolean {
  return url.startsWith('/api/') && !EXEMPT.some((re) => re.test(url));
}

export function enforceAccessDeclarations(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const { body, querystring, params } = (route.schema ?? {}) as RouteEntry['schema'];
    const schema = { body, querystring, params };
    for (const method of [route.method].flat())
      table.push({ method, url: route.url, access, multipart: route.config?.multipart === true, schema });
    if (!routeNeedsDeclaration(route.url)) return;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`Route ${methods} ${route.url} must declare config.access ('public' | 'user' | 'admin')`);
    }
  });
}

/**
 * Replies that belong to one person (every `user` and `admin` route, and the auth routes that hand
 * out session tokens or captcha answers) are never stored by a browser, proxy or CDN cache. Public
 * reads keep their own Cache-Control (public-cache.ts).
 */
export function mustNotBeStored(request: FastifyRequest): boolean {
  const { config, url } = request.routeOptions;
  return config?.access === 'user' || config?.access === 'admin' || (url?.startsWith('/api/auth/') ?? false);
}
