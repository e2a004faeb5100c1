/**
 * "Notify me when it is back" for products that cannot be bought from stock now.
 *
 * - A signed-in customer is subscribed with the account's (verified) address at once.
 * - An address given without signing in gets a confirmation link and is not subscribed until it is
 *   confirmed (double opt-in). The answer is the same whatever the address's state, so nobody learns
 *   who subscribed; requests are rate-limited per client address and per email address.
 * - When the shop announces a product available (`productAvailable`, inside the transaction of the
 *   change), every active row of it turns `sent` and its mail is queued in that transaction: exactly
 *   one mail per subscription, however many instances run.
 * - Every notice carries an unsubscribe link that stops all waiting alerts of its address.
 */
import { availableNow, type Language, type StockAlert, type StockAlertBody } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { hashSecret, newToken } from '../../platform/auth/tokens';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { addressKey, type RateLimiter } from '../../platform/http/rate-limit';
import { emailLimitKey } from '../../platform/mail/address-key';
import { enqueueMail } from '../../platform/mail/outbox';
import type { ProductForOrder } from '../checkout/checkout.schemas';
import type { ProductAvailableEvent } from '../shop/shop.schemas';
import type { ShopService } from '../shop/shop.service';
import { backInStockMail, stockAlertConfirmMail } from './stock-alerts.mail';
import type { StockAlertRow, StockAlertsRepo } from './stock-alerts.repo';

/** How long an emailed confirmation link works. */
export const CONFIRM_HOURS = 48;

export interface StockAlertsDeps {
  db: Db;
  repo: StockAlertsRepo;
  products: Pick<ShopService, 'forOrder' | 'lockedForAlert'>;
  limiter: RateLimiter;
  /** Requests per client address, and confirmation mails per email address, per window. */
  limits: { perIp: number; perEmail: number; windowMs: number };
  publicUrl: string;
  now?: () => Date;
}

/** Who asks: the signed-in account (its verified address), or a visitor with an address. */
export type Subscriber =
  | { kind: 'account'; userId: string; email: string; ip: string; lang: Language }
  | { kind: 'visitor'; email: string | undefined; ip: string; lang: Language };

export function createStockAlertsService(deps: StockAlertsDeps) {
  const { db, repo, products, limiter, limits } = deps;
  const base = siteLinks(deps.publicUrl).base;
  const clock = deps.now ?? (() => new Date());
  const productUrl = (id: string) => `${base}/shop?product=${id}`;

  /** A listed product that offers "Notify me": 404 when there is none, 409 when it is in stock. */
  function checkOffered(product: ProductForOrder | null | undefined): ProductForOrder {
    if (!product || product.archived) throw new NotFound();
    if (availableNow(product)) throw new Conflict('stockAlertInStock', undefined, 'PRODUCT_AVAILABLE');
    return product;
  }

  /** Marks the row sent and queues its notice, with a fresh unsubscribe link, in `tx`. */
  async function notify(tx: Tx, row: StockAlertRow, product: { id: string; name: ProductForOrder['name'] }) {
    const unsubscribeToken = newToken();
    await repo.setStatus(tx, row.id, {
      status: 'sent',
      notifiedAt: clock(),
      unsubscribeTokenHash: hashSecret(unsubscribeToken),
    });
    await enqueueMail(
      tx,
      backInStockMail({
        to: row.email,
        lang: row.language,
        product: product.name,
        productUrl: productUrl(product.id),
        unsubscribeUrl: `${base}/stock-alerts/unsubscribe#token=${unsubscribeToken}`,
      }),
    );
  }

  const ipLimit = (ip: string) => ({
    key: `stock-alert:ip:${addressKey(ip)}`,
    max: limits.perIp,
    windowMs: limits.windowMs,
  });

  return {
    /**
     * Signed in: subscribed now with the account's address. A visitor: a confirmation link is
     * mailed (unless the address is already subscribed), and the reply never says which.
     */
    async subscribe(who: Subscriber, body: StockAlertBody): Promise<StockAlert> {
      await limiter.hit(ipLimit(who.ip), 'rateLimited');
      if (who.kind === 'account') {
        return db.transaction(async (tx) => {
          checkOffered(await products.lockedForAlert(tx, body.productId));
          await repo.upsert(
            tx,
            { productId: body.productId, email: who.email },
            {
              status: 'active',
              language: who.lang,
              userId: who.userId,
              confirmTokenHash: null,
              confirmExpiresAt: null,
              confirmedAt: clock(),
            },
          );
          return { productId: body.productId, status: 'active' };
        });
      }
      if (!who.email) {
        throw new InvalidInput('stockAlertEmailRequired', {
          fields: [{ field: 'email', message: 'stockAlertEmailRequired' }],
        });
      }
      const email = who.email.toLowerCase();
      const product = checkOffered((await products.forOrder(db, [body.productId])).get(body.productId));
      // Counted for every request to the mailbox (`a+1@` is `a@`), whatever its state, so the limit
      // tells nothing and tags do not multiply it; the mail still goes to the address as given.
      await limiter.hit({
        key: `stock-alert:email:${emailLimitKey(email)}`,
        max: limits.perEmail,
        windowMs: limits.windowMs,
      });
      await db.transaction(async (tx) => {
        const existing = await repo.find(tx, body.productId, email, true);
        if (existing?.status === 'active') return;
        const token = newToken();
        await repo.upsert(
          tx,
          { productId: body.productId, email },
          {
            status: 'pending',
            language: who.lang,
            userId: existing?.userId ?? null,
            confirmTokenHash: hashSecret(token),
            confirmExpiresAt: new Date(clock().getTime() + CONFIRM_HOURS * 3_600_000),
            confirmedAt: null,
          },
        );
        await enqueueMail(
          tx,
          stockAlertConfirmMail({
            to: email,
            lang: who.lang,
            product: product.name,
            link: `${base}/stock-alerts/confirm#token=${token}`,
            hours: CONFIRM_HOURS,
          }),
        );
      });
      return { productId: body.productId, status: 'pending' };
    },

    /**
     * The emailed link, confirmed: the alert is active; if the product became available meanwhile,
     * its notice is queued at once instead. Confirming twice answers the same.
     */
    async confirm(token: string, ip: string): Promise<StockAlert> {
      await limiter.hit(ipLimit(ip), 'rateLimited');
      return db.transaction(async (tx) => {
        const row = await repo.lockByConfirmToken(tx, hashSecret(token), clock());
        if (!row || row.status === 'cancelled')
          throw new InvalidInput('stockAlertLinkInvalid', undefined, 'INVALID_TOKEN');
        if (row.status !== 'pending') return { productId: row.productId, status: row.status };
        const product = await products.lockedForAlert(tx, row.productId);
        if (!product || product.archived) throw new InvalidInput('stockAlertLinkInvalid', undefined, 'INVALID_TOKEN');
        if (availableNow(product)) {
          await notify(tx, row, product);
          return { productId: row.productId, status: 'sent' };
        }
        await repo.setStatus(tx, row.id, { status: 'active', confirmedAt: clock() });
        return { productId: row.productId, status: 'active' };
      });
    },

    /** A notice's unsubscribe link: every waiting alert of its address is cancelled. */
    async unsubscribe(token: string, ip: string): Promise<void> {
      await limiter.hit(ipLimit(ip), 'rateLimited');
      const row = await repo.findByUnsubscribeToken(db, hashSecret(token));
      if (!row) throw new InvalidInput('stockAlertLinkInvalid', undefined, 'INVALID_TOKEN');
      await repo.cancel(db, row.email);
    },

    /** The signed-in customer's waiting alerts (by the account's address). */
    async listMine(email: string): Promise<StockAlert[]> {
      const rows = await repo.open(db, email.toLowerCase());
      return rows.map((row) => ({ productId: row.productId, status: row.status as 'pending' | 'active' }));
    },

    /** Cancels the signed-in customer's alert for one product (nothing to cancel is fine). */
    async cancelMine(email: string, productId: string): Promise<void> {
      await repo.cancel(db, email.toLowerCase(), productId);
    },

    // ---- shop events (wired in src/events.ts)

    /** The product is available: each active alert is mailed once, in the transaction of the change. */
    async onProductAvailable(tx: Tx, event: ProductAvailableEvent): Promise<void> {
      const rows = await repo.lockActive(tx, event.productId);
      for (const row of rows) await notify(tx, row, { id: event.productId, name: event.name });
    },
  };
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
