/**
 * The one guard: every request's `Authorization: Bearer <token>` is resolved to
 * `request.user` (or null for a guest) — on a route declared `sessionCookie: true` (private media
 * files, which a media element fetches without headers) the `token` cookie the web app keeps beside
 * it counts too — then the route's declared `config.access` is enforced:
 *   public → anyone; user → a signed-in user (else 401); admin → role admin (401 guest, 403 user).
 * A revoked or expired session, or a deleted user, is a guest. Runs in onRequest, before the body
 * is parsed, so an unauthorised upload is refused without reading it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { Forbidden, Unauthorized } from '../errors';
import { findSessionUser, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null for a guest. */
    user: SessionUser | null;
  }
}

const BEARER = /^Bearer\s+([\w-]{20,200})\s*$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

const TOKEN_COOKIE = /(?:^|;\s*)token=([\w-]{20,200})(?:;|$)/;

/** The session token of the `token` cookie (what the web app stores beside localStorage), or null. */
export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  return TOKEN_COOKIE.exec(header)?.[1] ?? null;
}

/** The signed-in user of a route declared 'user' or 'admin' (the guard has already checked). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

export function registerAuthGuard(app: FastifyInstance, { db }: { db: Db }): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request) ?? (request.routeOptions.config?.sessionCookie ? cookieToken(request) : null);
    request.user = token ? await findSessionUser(db, token) : null;
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'public') return;
    if (!request.user) throw new Unauthorized();
    if (access === 'admin' && request.user.role !== 'admin') throw new Forbidden();
  });
}
