/**
 * Promo codes: the one place that decides whether a code can be used on a lesson or a course
 * (`quote`), takes a use of it inside the purchase transaction (`redeem`) and gives the use back
 * when that order is cancelled (`release`); plus the admin's list and edits.
 *
 * A code is usable when it is active, not expired, not used up, and aimed at the target: both of
 * its lists empty = every lesson and every course; otherwise the lesson must be in `lessonIds`, the
 * course in `courseIds` (a code aimed at courses only is not for single lessons, and the reverse).
 * What the percentage takes off is the buyer's business (checkout/pricing.ts, `purchaseDiscount`).
 * Every request that names a code counts against the code-guess limits (promo-check and purchase).
 */
import type { PromoCode, PromoCodeWriteSchema } from '@atelier/shared';
import type { z } from 'zod';
import { type Db, isUniqueViolation, type Tx } from '../../db/client';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { PromoCodesRepo, PromoInsert, PromoRecord } from './promo-codes.repo';

/** What a code is used on. */
export interface PromoTarget {
  type: 'lesson' | 'course';
  id: string;
}

/** A code that may be used on the target: what the purchase needs of it. */
export interface UsablePromo {
  id: string;
  /** As stored (upper-case). */
  code: string;
  percentOff: number;
}

export type PromoProblem = 'promoInvalid' | 'promoExpired' | 'promoUsedUp' | 'promoNotForLesson' | 'promoNotForCourse';

/** Why `promo` cannot be used on `target` at `now`, or null when it can. Checked in this order. */
export function promoProblem(promo: PromoRecord | null, target: PromoTarget, now = new Date()): PromoProblem | null {
  if (!promo?.active) return 'promoInvalid';
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) return 'promoExpired';
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return 'promoUsedUp';
  if (promo.lessonIds.length === 0 && promo.courseIds.length === 0) return null;
  if (target.type === 'lesson') return promo.lessonIds.includes(target.id) ? null : 'promoNotForLesson';
  return promo.courseIds.includes(target.id) ? null : 'promoNotForCourse';
}

/**
 * The 400 a buyer gets for any problem: one answer whether the code does not exist, is for another
 * item, expired or is used up, so trying codes tells nothing about which ones exist (the reason is
 * the admin's to read in the list, not a guesser's). docs/decisions/0057.
 */
const refuse = (_problem: PromoProblem) => new InvalidInput('promoDoesNotApply', undefined, 'PROMO_INVALID');

const usable = (promo: PromoRecord): UsablePromo => ({ id: promo.id, code: promo.code, percentOff: promo.percentOff });

export function toPromoCode(row: PromoRecord): PromoCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    lessonIds: row.lessonIds,
    courseIds: row.courseIds,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

type PromoFields = z.output<typeof PromoCodeWriteSchema>;

function columns(fields: PromoFields): PromoInsert {
  return {
    code: fields.code,
    percentOff: fields.percentOff,
    lessonIds: fields.lessonIds,
    courseIds: fields.courseIds,
    maxUses: fields.maxUses ?? null,
    expiresAt: fields.expiresAt ? new Date(fields.expiresAt) : null,
    active: fields.active,
  };
}

export function createPromoCodesService({ db, repo }: { db: Db; repo: PromoCodesRepo }) {
  /** Runs an admin write; the unique code index turns a duplicate (in any case) into a 409. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'promo_codes_code_key')) throw new Conflict('promoCodeTaken');
      throw error;
    }
  }

  return {
    /**
     * The code if it can be used on `target` now (the live check of the purchase dialog, and the
     * purchase's check before its transaction); otherwise the one 400 for every reason. Takes nothing.
     */
    async quote(code: string, target: PromoTarget): Promise<UsablePromo> {
      const promo = await repo.findByCode(code, db);
      const problem = promoProblem(promo, target);
      if (problem) throw refuse(problem);
      return usable(promo as PromoRecord);
    },

    /**
     * Takes one use of the code for `target` inside the purchase transaction `tx`, race-safely
     * (the atomic UPDATE decides); the same 400 as `quote` when the code cannot be used, including
     * when a concurrent buyer took its last use. The order placed in `tx` records the code's id,
     * and cancelling that order gives the use back (`release`).
     */
    async redeem(tx: Tx, code: string, target: PromoTarget): Promise<UsablePromo> {
      const promo = await repo.findByCode(code, tx);
      const problem = promoProblem(promo, target);
      if (problem) throw refuse(problem);
      if (!(await repo.takeUse(tx, (promo as PromoRecord).id))) {
        throw refuse(promoProblem(await repo.findByCode(code, tx), target) ?? 'promoUsedUp');
      }
      return usable(promo as PromoRecord);
    },

    /** Gives back the use an order took (the order was cancelled); runs in its transaction. */
    async release(tx: Tx, promoCodeId: string): Promise<void> {
      await repo.giveUseBack(tx, promoCodeId);
    },

    // ------------------------------------------------------------ admin
    async list(): Promise<PromoCode[]> {
      return (await repo.list()).map(toPromoCode);
    },

    async create(fields: PromoFields): Promise<PromoCode> {
      return toPromoCode(await saving(() => repo.insert(columns(fields))));
    },

    /** Replaces a code's fields; its usage count is kept. */
    async update(id: string, fields: PromoFields): Promise<PromoCode> {
      const row = await saving(() => repo.update(id, columns(fields)));
      if (!row) throw new NotFound();
      return toPromoCode(row);
    },

    /** Orders that used the code keep their discount. */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw new NotFound();
    },
  };
}
export type PromoCodesService = ReturnType<typeof createPromoCodesService>;
