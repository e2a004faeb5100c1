/**
 * Buying a lesson: promo check → take one use of the code → place the order (orders service), in
 * one transaction. A zero total (free lesson, 100 % code) is confirmed by orders at once and the
 * `orderConfirmed` listener below grants the lesson in that same transaction; otherwise the order
 * is pending and the web pays it through `POST /api/payments`.
 *
 * Kept apart from training.service.ts because orders imports that file for lesson pricing: this
 * one imports orders (through the port below), so there is no import cycle.
 */
import {
  applyPercentOff,
  type Currency,
  fromMinor,
  type Language,
  type Order,
  type PromoQuote,
  type PurchaseResult,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { DomainHooks } from '../../platform/hooks';
import type { LessonRecord, PromoRecord, TrainingAdminRepo } from './training.admin.repo';

/** What training needs from the orders service (orders.service.ts). */
export interface OrdersPort {
  placeOrder(
    tx: Tx,
    input: {
      userId: string;
      lines: { type: 'lesson' | 'course'; id: string; quantity: number }[];
      customer: { firstName: string; lastName: string; email: string; phone: string };
      paymentMethod: 'card' | 'paypal';
      currency: Currency;
      language: Language;
      /** promoCodeId null = a discount without a code (a course's credit for lessons already bought). */
      promo?: { promoCodeId: string | null; discountRub: number };
    },
  ): Promise<Order>;
}

export type PromoProblem = 'promoInvalid' | 'promoExpired' | 'promoUsedUp' | 'promoNotForLesson' | 'promoNotForCourse';
const PROBLEM_CODES: Record<PromoProblem, string> = {
  promoInvalid: 'PROMO_INVALID',
  promoExpired: 'PROMO_EXPIRED',
  promoUsedUp: 'PROMO_USED_UP',
  promoNotForLesson: 'PROMO_NOT_APPLICABLE',
  promoNotForCourse: 'PROMO_NOT_APPLICABLE',
};

/** Why a code cannot be used on this lesson now, or null when it can. */
export function promoProblem(promo: PromoRecord | null, lessonId: string, now = new Date()): PromoProblem | null {
  if (!promo?.active) return 'promoInvalid';
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) return 'promoExpired';
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return 'promoUsedUp';
  // Both lists empty = every lesson and course; a code aimed at courses only is not for single lessons.
  const everything = promo.lessonIds.length === 0 && promo.courseIds.length === 0;
  if (!everything && !promo.lessonIds.includes(lessonId)) return 'promoNotForLesson';
  return null;
}

export const refuse = (problem: PromoProblem) => new InvalidInput(problem, undefined, PROBLEM_CODES[problem]);

export function splitName(user: SessionUser): { firstName: string; lastName: string } {
  if (user.firstName || user.lastName) return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [first = user.name, ...rest] = user.name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

export function createTrainingPurchase({
  db,
  repo,
  orders,
  hooks,
}: {
  db: Db;
  repo: TrainingAdminRepo;
  orders: OrdersPort;
  hooks: DomainHooks;
}) {
  async function sellable(lessonId: string): Promise<LessonRecord> {
    const lesson = await repo.findLesson(lessonId);
    if (!lesson?.published) throw new NotFound();
    return lesson;
  }

  async function usablePromo(code: string, lesson: LessonRecord, q: Db | Tx = db): Promise<PromoRecord> {
    const promo = await repo.findPromoByCode(code, q);
    const problem = promoProblem(promo, lesson.id);
    if (problem) throw refuse(problem);
    return promo as PromoRecord;
  }

  const discounted = (minor: number | null, percent: number) =>
    minor === null ? null : fromMinor(applyPercentOff(minor, percent));

  /** Lessons/courses of a confirmed order become the customer's. */
  hooks.on('orderConfirmed', async (tx, event) => {
    if (!event.userId) return;
    const lines = event.items.filter((item) => item.type === 'lesson' || item.type === 'course');
    if (lines.length === 0) return;
    const only = lines.length === 1 && event.items.length === 1;
    await repo.grant(
      tx,
      lines.map((item) => ({
        userId: event.userId as string,
        lessonId: item.lessonId,
        courseId: item.courseId,
        orderId: event.orderId,
        // A one-line order paid its total (after the promo discount); otherwise the line price.
        pricePaidRub: only ? event.totalRub : item.unitPriceRub * item.quantity,
      })),
    );
  });

  /** A cancelled order gives its promo use back and takes back what it granted. */
  hooks.on('orderCancelled', async (tx, event) => {
    if (!event.items.some((item) => item.type === 'lesson' || item.type === 'course')) return;
    await repo.releasePromoOfOrder(tx, event.orderId);
    await repo.revokeOrder(tx, event.orderId);
  });

  return {
    /** Live promo check for the purchase modal: the price before and after the code. */
    async quote(lessonId: string, code: string): Promise<PromoQuote> {
      const lesson = await sellable(lessonId);
      const promo = await usablePromo(code, lesson);
      const price = {
        rub: fromMinor(lesson.priceRub),
        eur: discounted(lesson.priceEur, 0),
        usd: discounted(lesson.priceUsd, 0),
      };
      const discountedPrice = {
        rub: fromMinor(applyPercentOff(lesson.priceRub, promo.percentOff)),
        eur: discounted(lesson.priceEur, promo.percentOff),
        usd: discounted(lesson.priceUsd, promo.percentOff),
      };
      return {
        code: promo.code,
        percentOff: promo.percentOff,
        price,
        discountedPrice,
        free: discountedPrice.rub === 0,
      };
    },

    async purchase(
      user: SessionUser,
      lessonId: string,
      input: { promoCode?: string | undefined; currency: Currency },
      language: Language,
    ): Promise<PurchaseResult> {
      const lesson = await sellable(lessonId);
      if (await repo.owns(user.id, lesson))
        throw new Conflict('lessonAlreadyPurchased', undefined, 'ALREADY_PURCHASED');
      const code = input.promoCode?.trim() || undefined;
      // Checked before the transaction for a precise message; the atomic redemption inside decides.
      const promo = code ? await usablePromo(code, lesson) : null;

      return db.transaction(async (tx) => {
        let discount: { promoCodeId: string; discountRub: number } | undefined;
        if (promo) {
          if (!(await repo.redeemPromo(tx, promo.id))) {
            throw refuse(promoProblem(await repo.findPromoByCode(promo.code, tx), lesson.id) ?? 'promoUsedUp');
          }
          const discountMinor = lesson.priceRub - applyPercentOff(lesson.priceRub, promo.percentOff);
          discount = { promoCodeId: promo.id, discountRub: fromMinor(discountMinor) };
        }
        const order = await orders.placeOrder(tx, {
          userId: user.id,
          lines: [{ type: 'lesson', id: lesson.id, quantity: 1 }],
          customer: { ...splitName(user), email: user.email ?? '', phone: user.phone ?? '' },
          paymentMethod: input.currency === 'RUB' ? 'card' : 'paypal',
          currency: input.currency,
          language,
          ...(discount ? { promo: discount } : {}),
        });
        return { purchased: order.status === 'confirmed', order };
      });
    },
  };
}
export type TrainingPurchase = ReturnType<typeof createTrainingPurchase>;
