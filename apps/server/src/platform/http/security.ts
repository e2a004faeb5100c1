/**
 * Response hardening and compression for every route (register before any route):
 * - helmet's headers with a strict CSP (computed once, see securityHeaders): scripts only from our origin (the SPA bundle, swagger-ui's
 *   static files), inline styles allowed (Radix/Tailwind runtime styles, swagger-ui), no framing.
 * - Permissions-Policy, which helmet does not set.
 * - @fastify/compress (br, gzip) for text-like responses over 1 KB; images, video and PDFs are
 *   already compressed and are left alone.
 * Wrapped with fastify-plugin so the hooks apply to the whole app, not just this plugin's scope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** PUBLIC_URL; HSTS and upgrade-insecure-requests are sent only when it is https. */
  publicUrl: string;
  /**
   * Origins added to single CSP directives, e.g. a payment provider's checkout page for
   * form-action or its API for connect-src. Each value is a CSP source such as
   * `https://yoomoney.ru`.
   */
  extraSources?: {
    formAction?: string[];
    connectSrc?: string[];
    imgSrc?: string[];
    frameSrc?: string[];
    scriptSrc?: string[];
  };
  /** Turn response compression off (e.g. behind a proxy that already compresses). */
  compress?: boolean;
}

/**
 * Features a shop never needs are denied; fullscreen and picture-in-picture stay available to our
 * own lesson video player, payment to our own pages (Payment Request API).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'picture-in-picture=(self)',
  'usb=()',
].join(', ');

/**
 * Text-like bodies. @fastify/compress still falls back to mime-db's "compressible" flag for other
 * types (which marks application/octet-stream compressible), so routes serving stored binaries
 * opt out with `compress: false` (see uploads.routes.ts).
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)|application\/manifest\+json|image\/svg\+xml)\s*(?:;|$)/i;

export function cspDirectives(options: SecurityOptions): Record<string, string[]> {
  const extra = options.extraSources ?? {};
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(extra.imgSrc ?? [])],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...(extra.formAction ?? [])],
    frameAncestors: ["'none'"],
  };
  if (extra.frameSrc?.length) directives.frameSrc = ["'self'", ...extra.frameSrc];
  // On plain http (local development, a LAN demo) upgrading would break every subresource.
  if (isHttps(options.publicUrl)) directives.upgradeInsecureRequests = [];
  return directives;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The hardening headers, computed once. Helmet's values depend only on the options, never on the
 * request, and @fastify/helmet would rebuild every helmet middleware (re-parsing the CSP) on each
 * request; so helmet itself runs once here against a recording response and every reply gets the
 * recorded headers in one synchronous hook (see docs/decisions, public read throughput).
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const https = isHttps(options.publicUrl);
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // COEP would require every cross-origin embed to opt in; nothing here needs SharedArrayBuffer.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    // A browser remembers HSTS for the whole max-age: sending it from an http:// or LAN setup
    // would lock that host out of plain http. Subdomains are not included on purpose; the shop
    // cannot know what else runs under its parent domain.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

const security: FastifyPluginAsync<SecurityOptions> = async (app, options) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  if (options.compress !== false) {
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: COMPRESSIBLE_TYPES,
      // Clients never need to send compressed bodies; accepting them would only add a
      // decompression-bomb surface in front of the body limit.
      globalDecompression: false,
    });
  }
};

export const securityPlugin = fp(security, { name: 'atelier-security', fastify: '5.x' });
