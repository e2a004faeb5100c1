/**
 * The composition root: every feature service built once, each handed the services it uses, in
 * `buildServices`. Features never import this file (nor app.ts, events.ts or pages.ts); what a
 * feature needs of another it declares in its own deps and is handed here. buildApp (app.ts)
 * calls it, wires the domain events between the services (events.ts) and registers the routes.
 */
import type { Config } from './config';
import type { Database } from './db/client';
import { createAddressesRepo } from './features/addresses/addresses.repo';
import { createAddressesService } from './features/addresses/addresses.service';
import { createAdminRepo } from './features/admin/admin.repo';
import { createAdminService } from './features/admin/admin.service';
import { createAuthService } from './features/auth/auth.service';
import { createCartReminders } from './features/cart/cart.reminders';
import { createCartService } from './features/cart/cart.service';
import { createCdekService } from './features/cdek/cdek.service';
import { createCdekShipments } from './features/cdek/cdek.shipments';
import { createCertificatesRepo } from './features/certificates/certificates.repo';
import { createCertificatesService } from './features/certificates/certificates.service';
import { createReturnToCart } from './features/checkout/checkout.return-to-cart';
import type { FiscalKinds, Sellables } from './features/checkout/checkout.schemas';
import { createCheckoutService } from './features/checkout/checkout.service';
import { createCoursesRepo } from './features/courses/courses.repo';
import { createCoursesService } from './features/courses/courses.service';
import { createCustomOrdersService, customOrderFiscal } from './features/custom-orders/custom-orders.service';
import { createDeliveryService } from './features/delivery/delivery.service';
import { createFavouritesRepo } from './features/favourites/favourites.repo';
import { createFavouritesService } from './features/favourites/favourites.service';
import { createFeedsService } from './features/feeds/feeds.service';
import { createGiftCertificatesLedger } from './features/gift-certificates/gift-certificates.ledger';
import {
  createGiftCertificatesService,
  giftCertificateFiscal,
} from './features/gift-certificates/gift-certificates.service';
import { createLandingRepo } from './features/landing/landing.repo';
import { createLandingService } from './features/landing/landing.service';
import { createLegalService } from './features/legal/legal.service';
import { createLessonAccess } from './features/lessons/lessons.access';
import { createLessonsAdminRepo } from './features/lessons/lessons.admin.repo';
import { createLessonsAdminService } from './features/lessons/lessons.admin.service';
import { createLessonHls } from './features/lessons/lessons.hls';
import { findFfmpeg } from './features/lessons/lessons.hls.transcode';
import { createMediaSigner } from './features/lessons/lessons.media';
import { createLessonsRepo } from './features/lessons/lessons.repo';
import { trainingFiscal, trainingSellable } from './features/lessons/lessons.sellable';
import { createLessonsService } from './features/lessons/lessons.service';
import { createOwnerNotifier, type NotifierLog } from './features/notifications/notifications.service';
import type { OrderEvents } from './features/orders/orders.schemas';
import { createOrdersService } from './features/orders/orders.service';
import { createDownloadsService } from './features/payments/downloads.service';
import { createPayLinkSigner } from './features/payments/pay-links';
import { createPaymentsRepo } from './features/payments/payments.repo';
import { createPaymentsService } from './features/payments/payments.service';
import { paymentInstructions } from './features/payments/payments.texts';
import { createPortfolioService } from './features/portfolio/portfolio.service';
import { createProgressRepo } from './features/progress/progress.repo';
import type { ProgressEvents } from './features/progress/progress.schemas';
import { createProgressService } from './features/progress/progress.service';
import { createPromoCodesRepo } from './features/promo-codes/promo-codes.repo';
import { createPromoCodesService } from './features/promo-codes/promo-codes.service';
import { createReceiptsService } from './features/receipts/receipts.service';
import { createReviewsService } from './features/reviews/reviews.service';
import { createShopAdminRepo } from './features/shop/shop.admin.repo';
import { createShopAdminService } from './features/shop/shop.admin.service';
import { createShopRepo } from './features/shop/shop.repo';
import { SHOP_CACHE_TAG, type ShopEvents } from './features/shop/shop.schemas';
import { productFiscal, productSellable } from './features/shop/shop.sellable';
import { createShopService } from './features/shop/shop.service';
import { createStockAlertsRepo } from './features/stock-alerts/stock-alerts.repo';
import { createStockAlertsService } from './features/stock-alerts/stock-alerts.service';
import { createStudentWorksService } from './features/student-works/student-works.service';
import { createUsersRepo } from './features/users/users.repo';
import { createUsersService } from './features/users/users.service';
import { createSmartCaptcha } from './platform/auth/smartcaptcha';
import { createCdekClient } from './platform/delivery/cdek-client';
import type { EventBus } from './platform/event-bus';
import type { PublicCache } from './platform/http/public-cache';
import type { RateLimiter } from './platform/http/rate-limit';
import type { ImagePipeline } from './platform/images/images';
import { SHOP_NAME } from './platform/mail/layout';
import type { PaymentProviders } from './platform/payments/providers';
import type { Storage } from './platform/storage/storage';

/** Every domain event of the app, on one bus (each declared by the feature that emits it). */
export type DomainEvents = OrderEvents & ShopEvents & ProgressEvents;

export interface ServiceDeps {
  config: Config;
  database: Database;
  storage: Storage;
  images: ImagePipeline;
  cache: PublicCache;
  limiter: RateLimiter;
  providers: PaymentProviders;
  events: EventBus<DomainEvents>;
  log: NotifierLog;
}

/**
 * The composition root: every feature service, built once, each handed the services it uses
 * (features reach each other only through these). Route plugins get theirs from here.
 */
/**
 * How each kind of order line is written on a fiscal receipt (54-FZ): the registration its feature
 * makes, as `sellables` hold them for what goes in a cart, and gift certificates and custom pieces.
 */
export const FISCAL_KINDS: FiscalKinds = {
  product: productFiscal,
  lesson: trainingFiscal('lesson'),
  course: trainingFiscal('course'),
  gift_certificate: giftCertificateFiscal,
  custom_order: customOrderFiscal,
};

export function buildServices(deps: ServiceDeps) {
  const { config, database, storage, images, cache, limiter, providers, events } = deps;
  const db = database.db;
  const { publicUrl, passwordCost } = config;

  const ownerNotifier = createOwnerNotifier({
    db,
    email: config.notify.email,
    telegram: config.notify.telegram,
    timeZone: config.notify.timeZone,
    publicUrl,
    policy: config.orders,
    log: deps.log,
  });
  const promoCodes = createPromoCodesService({ db, repo: createPromoCodesRepo(db) });
  const lessonsRepo = createLessonsRepo(db);
  const lessons = createLessonsService({ repo: lessonsRepo, promoCodes, publicUrl, storage });
  const lessonHls = createLessonHls({
    db,
    storage,
    ffmpeg: findFfmpeg(config.hls),
    log: deps.log,
    singleProcess: database.kind === 'pglite',
  });
  const lessonAccess = createLessonAccess({
    repo: lessonsRepo,
    signer: createMediaSigner({ secret: config.media.urlSecret, ttlSeconds: config.media.urlTtlSeconds }),
    hls: lessonHls.enabled,
  });
  const certificates = createCertificatesService({ repo: createCertificatesRepo(db), publicUrl, pages: cache });
  const progress = createProgressService({
    db,
    repo: createProgressRepo(db),
    access: lessonAccess,
    lessons,
    certificates,
    events,
  });
  const courses = createCoursesService({ db, repo: createCoursesRepo(db), promoCodes, cache, images, publicUrl });
  const shop = createShopService({ repo: createShopRepo(db), publicUrl, events, cache });
  // CDEK (CDEK_CLIENT_ID/SECRET): pickup points and prices at the checkout, shipments for the admin.
  const cdekClient = config.cdek
    ? createCdekClient({
        apiUrl: config.cdek.apiUrl,
        clientId: config.cdek.clientId,
        clientSecret: config.cdek.clientSecret,
        timeoutMs: config.cdek.timeoutMs,
      })
    : null;
  const cdek = createCdekService({ config: config.cdek, client: cdekClient, log: deps.log });
  // The balance of gift certificates: orders pay with it, receipts settle against it.
  const giftLedger = createGiftCertificatesLedger({ db });
  const cart = createCartService({ db, products: shop, lessons, courses });
  const catalog = { products: shop, lessons, courses };
  const stockChanged = () => cache.invalidate(SHOP_CACHE_TAG);
  const paymentsRepo = createPaymentsRepo(db);
  const downloads = createDownloadsService({ repo: paymentsRepo, publicUrl, limits: config.downloads });
  // What can be sold: one registration per kind of order line. Checkout prices and reserves each
  // through its own, orders gives back and pictures through it, the event wiring grants and undoes.
  const sellables: Sellables = {
    product: productSellable(shop, downloads, stockChanged),
    lesson: trainingSellable('lesson', lessons, lessons),
    course: trainingSellable('course', courses, lessons, courses),
  };
  const orders = createOrdersService({
    db,
    events,
    catalog,
    kinds: sellables,
    stockChanged,
    publicUrl,
    policy: config.orders,
    cancelGuard: giftLedger,
    // A cash or transfer order's one mail says how to pay, in the payments feature's words.
    offlineInstructions: (method, lang, vars) =>
      paymentInstructions(method, lang, { ...vars, bankDetails: config.payments.bankDetails }),
  });
  const receipts = createReceiptsService({
    db,
    orders,
    giftCertificates: giftLedger,
    settings: config.receipts ? { ...config.receipts, fiscal: FISCAL_KINDS } : null,
    provider: providers.card,
    log: deps.log,
  });
  const payments = createPaymentsService({
    db,
    repo: paymentsRepo,
    orders,
    providers,
    publicUrl,
    bankDetails: config.payments.bankDetails,
    notifier: ownerNotifier,
    receipts,
    providerTimeoutMs: config.payments.httpTimeoutMs,
    limiter,
    payLinks: { signer: createPayLinkSigner(config.media.urlSecret), days: config.payments.payLinkDays },
  });
  const delivery = createDeliveryService({ db });
  const users = createUsersService({
    repo: createUsersRepo(db),
    db,
    limiter,
    limits: config.rateLimits,
    passwordCost,
    pages: cache,
  });
  const addresses = createAddressesService({ repo: createAddressesRepo(db), profile: users });
  const checkout = createCheckoutService({
    db,
    orders,
    catalog,
    sellables,
    promoCodes,
    giftCertificates: giftLedger,
    cardPayments: config.payments.provider !== 'none',
    carrier: cdek.carrier,
    cart,
    shipping: delivery,
    payLinks: payments,
    details: addresses,
  });
  const cdekShipments = createCdekShipments({
    db,
    config: config.cdek,
    client: cdekClient,
    orders,
    publicUrl,
    log: deps.log,
  });

  return {
    ownerNotifier,
    legal: createLegalService({
      db,
      cache,
      limiter,
      limits: { perIp: config.rateLimits.authPerIp, windowMs: config.rateLimits.windowMs },
    }),
    auth: createAuthService({
      db,
      limiter,
      publicUrl,
      limits: config.rateLimits,
      passwordCost,
      onBackgroundError: (error) => deps.log.error({ err: error }, 'auth: a password-reset link could not be issued'),
      signupsPerIpPerDay: config.signupsPerIpPerDay,
      smartCaptcha: config.smartCaptcha
        ? { clientKey: config.smartCaptcha.clientKey, verifier: createSmartCaptcha(config.smartCaptcha) }
        : null,
    }),
    users,
    addresses,
    landing: createLandingService({ repo: createLandingRepo(db), images, publicUrl }),
    shop,
    shopAdmin: createShopAdminService({ repo: createShopAdminRepo(db), images, storage, events }),
    portfolio: createPortfolioService({ db, images }),
    reviews: createReviewsService({ db, images, pendingMax: config.maxPendingReviews }),
    studentWorks: createStudentWorksService({ db, images, access: lessonAccess }),
    admin: createAdminService({
      repo: createAdminRepo(db),
      db,
      policy: config.orders,
      timeZone: config.notify.timeZone,
    }),
    promoCodes,
    lessons,
    lessonAccess,
    progress,
    certificates,
    lessonHls,
    lessonsAdmin: createLessonsAdminService({
      repo: createLessonsAdminRepo(db),
      storage,
      images,
      cache,
      hls: lessonHls,
    }),
    courses,
    cart,
    cartReminders: createCartReminders({ db, cart, publicUrl, afterHours: config.cartReminders.afterHours }),
    favourites: createFavouritesService({ db, repo: createFavouritesRepo(db), products: shop, lessons }),
    stockAlerts: createStockAlertsService({
      db,
      repo: createStockAlertsRepo(),
      products: shop,
      limiter,
      limits: {
        perIp: config.rateLimits.authPerIp,
        perEmail: config.rateLimits.mailPerAccount,
        windowMs: config.rateLimits.windowMs,
      },
      publicUrl,
    }),
    orders,
    checkout,
    // "Change the order": an unpaid order given up, its lines back in the cart (decision 0104).
    returnToCart: createReturnToCart({ db, orders, payments, cart, stockChanged }),
    delivery,
    feeds: createFeedsService({ shop, delivery, publicUrl, shopName: SHOP_NAME }),
    cdek,
    cdekShipments,
    giftCertificates: createGiftCertificatesService({
      db,
      ledger: giftLedger,
      orders: checkout,
      publicUrl,
      timeZone: config.notify.timeZone,
    }),
    customOrders: createCustomOrdersService({
      db,
      images,
      orders,
      checkout,
      payLinks: payments,
      owner: { email: config.notify.email, language: (q) => ownerNotifier.language(q) },
      publicUrl,
      timeZone: config.notify.timeZone,
    }),
    receipts,
    payments,
    downloads,
    sellables,
  };
}
export type Services = ReturnType<typeof buildServices>;
