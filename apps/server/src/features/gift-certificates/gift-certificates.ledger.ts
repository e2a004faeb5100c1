/**
 * The balance of gift certificates, the part orders and receipts use (built before them in app.ts,
 * so orders can pay with a code while gift-certificates places its own orders through orders):
 *   hold          at checkout, in the order's transaction: the certificate locked (FOR UPDATE), its
 *                 currency checked against the order's, and what it pays of the amount due;
 *   spend         in the same transaction, once the order has its id: the balance goes down by a
 *                 conditional update (`balance >= amount`) and the movement is written, so two
 *                 checkouts spending one balance cannot both succeed (the second waits for the
 *                 lock, then finds what is left);
 *   refundOrder   the order was cancelled (by the admin, or unpaid past its hold): what it spent
 *                 comes back to the balance;
 *   mayCancel     asked by the orders' status machine before a cancel: an order that sold a
 *                 certificate already spent in part cannot be cancelled (409), nothing changes;
 *   lookup        the balance check (no lock, nothing changes).
 * A code is compared normalised (upper case, no dashes), so it is case-insensitive.
 */
import {
  type Currency,
  fillText,
  formatGiftCode,
  fromMinor,
  type GiftBalance,
  LANGUAGES,
  type Language,
  looksLikeGiftCode,
  normalizeGiftCode,
  SERVER_MESSAGES,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidInput } from '../../platform/errors';
import type { CancelGuard, GiftCertificatePayer } from '../orders/orders.schemas';
import { type GiftCertificateRow, giftCertificatesRepo as repo } from './gift-certificates.repo';
import { amountToSpend } from './gift-certificates.rules';

type Q = Db | Tx;

const unknownCode = () => new InvalidInput('giftCodeInvalid', undefined, 'GIFT_CODE_INVALID');

/** The certificate a typed code names, if it can be used at all (any currency); 400 otherwise. */
function usable(row: GiftCertificateRow | null): GiftCertificateRow {
  // An unpaid (or never paid) certificate does not exist for anyone holding its code.
  if (!row || row.status === 'pending' || row.status === 'cancelled') throw unknownCode();
  if (row.status === 'deactivated') throw new InvalidInput('giftCodeInactive', undefined, 'GIFT_CODE_INACTIVE');
  return row;
}

function currencyMismatch(certificate: Currency, order: Currency): InvalidInput {
  const text = (lang: Language) => fillText(SERVER_MESSAGES.giftCurrencyMismatch[lang], { certificate, order });
  return new InvalidInput(
    Object.fromEntries(LANGUAGES.map((lang) => [lang, text(lang)])) as Record<Language, string>,
    { certificateCurrency: certificate, orderCurrency: order },
    'GIFT_CURRENCY_MISMATCH',
  );
}

const empty = () => new Conflict('giftCodeEmpty', undefined, 'GIFT_CODE_EMPTY');

export function createGiftCertificatesLedger({ db }: { db: Db }) {
  /** The row of a typed code (locked when asked), or a 400 for a code that cannot be one. */
  async function byCode(q: Q, code: string, lock: boolean): Promise<GiftCertificateRow | null> {
    if (!looksLikeGiftCode(code)) throw unknownCode();
    return repo.findByCode(q, normalizeGiftCode(code), { lock });
  }

  /** What the certificate of `code` pays of `dueMinor` (in the order's currency), or the refusal. */
  async function pays(q: Q, code: string, currency: Currency, dueMinor: number, lock: boolean) {
    const row = usable(await byCode(q, code, lock));
    if (row.currency !== currency) throw currencyMismatch(row.currency, currency);
    const amountMinor = amountToSpend(row.balanceMinor, dueMinor);
    if (amountMinor === 0) throw empty();
    return { certificateId: row.id, amountMinor };
  }

  const payer: GiftCertificatePayer = {
    hold: (tx, { code, currency, dueMinor }) => pays(tx, code, currency, dueMinor, true),

    async quote({ code, currency, dueMinor }) {
      return (await pays(db, code, currency, dueMinor, false)).amountMinor;
    },

    async spend(tx, { certificateId, amountMinor, orderId, actorUserId }) {
      const left = await repo.move(tx, {
        certificateId,
        kind: 'redeem',
        amountMinor: -amountMinor,
        orderId,
        actorUserId,
      });
      // Only when the row changed under a lock it was held with: nothing was written, the order rolls back.
      if (left === null) throw empty();
    },
  };

  const guard: CancelGuard = {
    async mayCancel(tx, orderId) {
      // Locked until the cancel commits: the certificates it sold cannot be spent meanwhile.
      for (const row of await repo.byPurchaseOrder(tx, orderId, { lock: true })) {
        if (row.status === 'active' && row.balanceMinor < row.amountMinor) {
          return new Conflict('giftCertificateSpent', { certificateId: row.id }, 'GIFT_CERTIFICATE_SPENT');
        }
      }
      return null;
    },
  };

  return {
    ...payer,
    ...guard,

    /** The balance check: what is left on the certificate, in its currency. */
    async lookup(code: string): Promise<GiftBalance> {
      const row = usable(await byCode(db, code, false));
      return {
        code: formatGiftCode(row.code),
        currency: row.currency,
        amount: fromMinor(row.amountMinor),
        balance: fromMinor(row.balanceMinor),
      };
    },

    /** Gives back to each certificate what `orderId` spent of it (the order was cancelled), in `tx`. */
    async refundOrder(tx: Tx, orderId: string, actorUserId: string | null): Promise<void> {
      for (const { certificateId, spentMinor } of await repo.spentByOrder(tx, orderId)) {
        await repo.find(tx, certificateId, { lock: true });
        await repo.move(tx, { certificateId, kind: 'refund', amountMinor: spentMinor, orderId, actorUserId });
      }
    },

    /**
     * The order that sold the certificate which paid part of `orderId` (the advance its receipt is
     * settled against); null when none did or it was issued by hand.
     */
    async advanceOrderOf(q: Q, orderId: string): Promise<string | null> {
      const [first] = await repo.purchaseOrdersOfSpent(q, orderId);
      return first ?? null;
    },
  };
}
export type GiftCertificatesLedger = ReturnType<typeof createGiftCertificatesLedger>;
