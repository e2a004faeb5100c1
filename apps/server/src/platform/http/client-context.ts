import type { FastifyRequest } from 'fastify';

/** Who is calling, as far as the server can tell: what a recorded consent or session keeps. */
export interface ClientContext {
  /** request.ip: the socket's address, or X-Forwarded-For's only when TRUST_PROXY says so. */
  ip: string;
  userAgent?: string | undefined;
}

export function clientContext(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}
