/**
 * buildApp(deps) assembles the HTTP application from its parts in a stated order; main.ts and the
 * tests both call it, the tests with their own database and directories.
 *   1. logging with request ids, error envelope, access declarations + the auth guard, zod compilers
 *   2. security headers and compression (before any route)
 *   3. OpenAPI at /api/docs, generated from the route contract (platform/http/openapi.ts)
 *   4. the services, each built once (`buildServices`, src/services.ts, the composition root), and
 *      the domain events wired between them (src/events.ts)
 *   5. feature routes, each handed the services it uses (each route declares its access level),
 *      /uploads, /dev/mail outside production (loopback callers only); production has no sandbox
 *      page, `test` webhook or /dev/mail at all
 *   6. the SPA catch-all, last
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { wireEvents } from './events';
import { addressesRoutes } from './features/addresses/addresses.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { cartRoutes } from './features/cart/cart.routes';
import { cdekRoutes } from './features/cdek/cdek.routes';
import { certificatesRoutes } from './features/certificates/certificates.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { coursesRoutes } from './features/courses/courses.routes';
import { customOrdersRoutes } from './features/custom-orders/custom-orders.routes';
import { deliveryRoutes } from './features/delivery/delivery.routes';
import { favouritesRoutes } from './features/favourites/favourites.routes';
import { FEED_PATHS, feedsRoutes } from './features/feeds/feeds.routes';
import { giftCertificatesRoutes, giftCodeLimiter } from './features/gift-certificates/gift-certificates.routes';
import { healthRoutes } from './features/health/health.routes';
import { landingRoutes } from './features/landing/landing.routes';
import { legalRoutes } from './features/legal/legal.routes';
import { lessonsRoutes } from './features/lessons/lessons.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import type { OwnerNotifier } from './features/notifications/notifications.service';
import { ordersRoutes } from './features/orders/orders.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { portfolioRoutes } from './features/portfolio/portfolio.routes';
import { progressRoutes } from './features/progress/progress.routes';
import { promoCodesRoutes } from './features/promo-codes/promo-codes.routes';
import { receiptsRoutes } from './features/receipts/receipts.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { shopRoutes } from './features/shop/shop.routes';
import { SHOP_CACHE_TAG } from './features/shop/shop.schemas';
import { stockAlertsRoutes } from './features/stock-alerts/stock-alerts.routes';
import { studentWorksRoutes } from './features/student-works/student-works.routes';
import { usersRoutes } from './features/users/users.routes';
import { mailPreviewRoutes } from './mail-previews';
import { registerAuthGuard } from './platform/auth/guard';
import { SMARTCAPTCHA_SOURCES } from './platform/auth/smartcaptcha';
import { createEventBus, type EventBus } from './platform/event-bus';
import { enforceAccessDeclarations, mustNotBeStored } from './platform/http/access';
import { type CacheBus, startCacheBus } from './platform/http/cache-bus';
import { clientErrorHandler, handleError, registerErrorHandling } from './platform/http/error-handler';
import { registerMultipart } from './platform/http/multipart';
import { openapiOptions } from './platform/http/openapi';
import { privateImagesRoutes } from './platform/http/private-images.routes';
import { createPublicCache, type PublicCache } from './platform/http/public-cache';
import { accountAndAddressLimit, createRateLimiter } from './platform/http/rate-limit';
import { securityPlugin } from './platform/http/security';
import { createSeoRegistry, type SeoRegistry } from './platform/http/seo';
import { inProcessApi, spaRoutes } from './platform/http/spa.routes';
import { uploadsRoutes } from './platform/http/uploads.routes';
import { validatorCompiler } from './platform/http/validation';
import type { ImagePipeline } from './platform/images/images';
import { createJobsAdmin } from './platform/jobs/jobs.admin';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { devMailRoutes } from './platform/mail/dev-mail.routes';
import type { Mailer } from './platform/mail/mail';
import { createPaymentProviders } from './platform/payments/providers';
import type { Storage } from './platform/storage/storage';
import { buildServices, type DomainEvents, type Services } from './services';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  images: ImagePipeline;
  mailer: Mailer;
  /** pino options or false; tests pass false. Ignored when `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  /** The process logger (platform/logging.ts); main.ts passes it so every line shares one format. */
  loggerInstance?: FastifyBaseLogger;
  /** The built SPA; defaults to apps/web/dist (same relative path from src/ and from dist/). */
  webDist?: string;
}

export type App = FastifyInstance & {
  cache: PublicCache;
  seo: SeoRegistry;
  /**
   * Every service of the app, built once (main.ts runs the order-expiry sweeper on `orders`, the
   * abandoned-cart reminders on `cartReminders` and the gift certificate mails on `giftCertificates`).
   */
  services: Services;
  /** The domain events (orders and the shop emit them; src/events.ts subscribes the app's listeners). */
  events: EventBus<DomainEvents>;
  /** The owner's notices (mail to NOTIFY_EMAIL, optional Telegram); main.ts runs its background loop. */
  ownerNotifier: OwnerNotifier;
  /** Relays cache invalidations to the other instances (PostgreSQL only; null on PGlite). */
  cacheBus: CacheBus | null;
  /** Marks the instance as shutting down: /api/ready answers 503 from now on. */
  startDraining(): void;
};

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const REQUEST_ID_RE = /^[\w.:-]{1,128}$/;

/** Secrets that travel in paths (one-time links, download tokens) never reach the logs. */
const SECRET_PATH_RE = /\/(verify-email|reset-password|downloads|pay)\/[^/?#]+/g;
const SECRET_QUERY_RE = /([?&](?:token|signature|sig)=)[^&#]*/gi;
/**
 * The signed lesson-media URLs (`?u=<user>&e=<expiry>&s=<signature>`, see lessons.media.ts) open a
 * private file for anyone holding them until they expire: none of the three reaches the logs.
 */
const SIGNED_MEDIA_PATH_RE = /^\/api\/training\/lessons\/[^/?#]+\/(?:video|(?:methodology|subtitles)\/[^/?#]+)\/?\?/;
const SIGNED_MEDIA_QUERY_RE = /([?&](?:u|e|s)=)[^&#]*/g;
/** The HLS renditions carry the same signature as a path segment after the version. */
const SIGNED_HLS_PATH_RE = /^(\/api\/training\/lessons\/[^/?#]+\/hls\/[^/?#]+\/)[^/?#]+/;
export function redactUrl(url: string): string {
  const redacted = url
    .replace(SECRET_PATH_RE, '/$1/[redacted]')
    .replace(SECRET_QUERY_RE, '$1[redacted]')
    .replace(SIGNED_HLS_PATH_RE, '$1[redacted]');
  return SIGNED_MEDIA_PATH_RE.test(redacted) ? redacted.replace(SIGNED_MEDIA_QUERY_RE, '$1[redacted]') : redacted;
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the nearest `hops` addresses" (proxy-addr's
 * hop semantics: the client address is the one the outermost trusted proxy saw, whatever a client
 * wrote further left in X-Forwarded-For). Fastify 5 ignores a plain number on purpose (a client
 * that reaches the app directly could pose as the proxy), so the count is spelled out here; a
 * deployment using it must not let clients reach the app around its proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : {
          logger: deps.logger ?? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
        }),
    // Honour a caller's X-Request-Id (from a proxy) when it looks sane, otherwise make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    // Registering the page routes imports the server renderer (a few MB of JavaScript): on a busy
    // machine that passed Fastify's 10 s default. A plugin that hangs still fails the start.
    pluginTimeout: 60_000,
    // One access-log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    clientErrorHandler,
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();

  // Callback-style hooks: no promise and microtask per request on the hot public reads.
  app.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    // Below the configured level the line is dropped anyway: skip building it (hot public reads).
    const log = request.log as typeof request.log & { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.(level) === false) return done();
    request.log[level](
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    if (mustNotBeStored(request) && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
  registerErrorHandling(app);
  enforceAccessDeclarations(app);
  registerAuthGuard(app, { db: database.db });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // request.cookies for the pages that follow the site's `lang` cookie (the SPA shell, payment pages).
  await app.register(fastifyCookie);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    extraSources: {
      // Public images may come straight from the bucket or its CDN.
      ...(config.s3?.publicUrl ? { imgSrc: [new URL(config.s3.publicUrl).origin] } : {}),
      // Yandex SmartCaptcha's widget (script, its frame and its calls), only when it is configured.
      ...(config.smartCaptcha ? SMARTCAPTCHA_SOURCES : {}),
    },
  });
  await app.register(fastifySwagger, openapiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerMultipart(app, config.uploadLimitBytes);

  const cache = createPublicCache({ ttlMs: database.kind === 'postgres' ? 30_000 : undefined });
  app.decorate('cache', cache);
  // Several instances share one PostgreSQL: a write on one must reach every instance's cache.
  const cacheBus = database.url ? await startCacheBus({ url: database.url, cache, log: app.log }) : null;
  app.decorate('cacheBus', cacheBus);
  if (cacheBus) app.addHook('onClose', () => cacheBus.stop());

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  const seo = createSeoRegistry();
  app.decorate('seo', seo);

  // Features react to each other's changes (an order confirmed → lessons granted, links issued).
  const events = createEventBus<DomainEvents>();
  app.decorate('events', events);
  const limiter = createRateLimiter(database.db);
  // Gift certificate codes are looked up by the balance check and at every checkout that names one:
  // one allowance per address and per account for all of them.
  const limitGiftCodes = giftCodeLimiter(limiter, {
    perAccount: config.rateLimits.verifyPerAccount,
    perIp: config.rateLimits.authPerIp,
    windowMs: config.rateLimits.windowMs,
  });
  // Promo codes are tried in the purchase dialog and named by purchases: the same kind of allowance.
  const limitPromoCodes = accountAndAddressLimit(limiter, 'promo-code', 'promoCodeRateLimited', {
    perAccount: config.rateLimits.promoPerAccount,
    perIp: config.rateLimits.authPerIp,
    windowMs: config.rateLimits.windowMs,
  });
  // Customers' photo posts and the deletions that would free a moderation slot: one allowance.
  const limitUploads = accountAndAddressLimit(limiter, 'upload', 'uploadRateLimited', {
    perAccount: config.rateLimits.uploadsPerAccount,
    perIp: config.rateLimits.uploadsPerIp,
    windowMs: config.rateLimits.windowMs,
  });
  const providers = createPaymentProviders(config);
  const services = buildServices({ ...deps, cache, limiter, providers, events, log: app.log });
  app.decorate('services', services);
  // Work a request left running after its answer (forgot-password's link) finishes before the database closes.
  app.addHook('onClose', () => services.auth.settled());
  app.decorate('ownerNotifier', services.ownerNotifier);
  wireEvents(events, services);

  await app.register(notificationsRoutes, { notifier: services.ownerNotifier });
  await app.register(healthRoutes, { database, storage: deps.storage, isDraining: () => draining });
  await app.register(legalRoutes, { service: services.legal, cache, seo });
  await app.register(authRoutes, { service: services.auth, legal: services.legal });
  await app.register(usersRoutes, { service: services.users, legal: services.legal });
  await app.register(landingRoutes, { service: services.landing, cache, seo });
  await app.register(shopRoutes, {
    service: services.shop,
    admin: services.shopAdmin,
    cache,
    seo,
    storage: deps.storage,
  });
  await app.register(portfolioRoutes, { service: services.portfolio, cache });
  await app.register(reviewsRoutes, {
    service: services.reviews,
    cache,
    seo,
    publicUrl: config.publicUrl,
    limitPosts: accountAndAddressLimit(limiter, 'review', 'reviewRateLimited', {
      perAccount: config.rateLimits.reviewsPerAccount,
      perIp: config.rateLimits.authPerIp,
      windowMs: config.rateLimits.windowMs,
    }),
    limitUploads,
  });
  await app.register(adminRoutes, { service: services.admin });
  await app.register(jobsRoutes, { admin: createJobsAdmin(database.db) });
  await app.register(mailPreviewRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(promoCodesRoutes, { service: services.promoCodes });
  // Courses before lessons: the sitemap lists course pages first.
  await app.register(coursesRoutes, {
    service: services.courses,
    cache,
    seo,
    limitPromoCodes,
  });
  await app.register(lessonsRoutes, {
    service: services.lessons,
    access: services.lessonAccess,
    admin: services.lessonsAdmin,
    hls: services.lessonHls,
    cache,
    seo,
    storage: deps.storage,
    uploadLimitBytes: config.uploadLimitBytes,
    limitPromoCodes,
  });
  await app.register(studentWorksRoutes, { service: services.studentWorks, cache, limitUploads });
  await app.register(progressRoutes, { service: services.progress });
  await app.register(certificatesRoutes, { service: services.certificates, seo });
  await app.register(cartRoutes, { service: services.cart });
  await app.register(favouritesRoutes, { service: services.favourites });
  await app.register(addressesRoutes, { service: services.addresses });
  await app.register(stockAlertsRoutes, { service: services.stockAlerts });
  await app.register(checkoutRoutes, {
    service: services.checkout,
    returnToCart: services.returnToCart,
    legal: services.legal,
    limitGiftCodes,
    limitPromoCodes,
  });
  // The delivery terms are written into the product feeds, which are kept with the catalogue.
  await app.register(deliveryRoutes, { service: services.delivery, onSaved: () => cache.invalidate(SHOP_CACHE_TAG) });
  await app.register(feedsRoutes, { service: services.feeds, cache });
  await app.register(ordersRoutes, { service: services.orders });
  await app.register(giftCertificatesRoutes, { service: services.giftCertificates, limitCodes: limitGiftCodes });
  await app.register(customOrdersRoutes, { service: services.customOrders, limitUploads });
  await app.register(receiptsRoutes, { service: services.receipts });
  await app.register(cdekRoutes, {
    service: services.cdek,
    shipments: services.cdekShipments,
    checkout: services.checkout,
    limiter,
  });
  await app.register(paymentsRoutes, {
    service: services.payments,
    downloads: services.downloads,
    storage: deps.storage,
    limiter,
    limits: {
      perAccount: config.rateLimits.paymentPerAccount,
      perIp: config.rateLimits.paymentPerIp,
      windowMs: config.rateLimits.windowMs,
      webhookPerIp: config.rateLimits.webhookPerIp,
      linkGuessPerIp: config.rateLimits.authPerIp,
    },
    sandboxRoutes: !config.isProduction,
  });

  await app.register(uploadsRoutes, { storage: deps.storage });
  await app.register(privateImagesRoutes, { storage: deps.storage, images: deps.images });
  if (!config.isProduction && !config.mail.smtpUrl) {
    await app.register(devMailRoutes, { outboxDir: config.mail.outboxDir });
  }
  await app.register(spaRoutes, {
    webDist: deps.webDist ?? DEFAULT_WEB_DIST,
    publicUrl: config.publicUrl,
    seo,
    siteName: 'Atelier',
    api: inProcessApi(app),
    cache,
    feeds: Object.values(FEED_PATHS),
  });

  return app as unknown as App;
}
