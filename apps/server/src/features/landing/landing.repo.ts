import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { landingContent } from '../../db/schema';

export const LANDING_KEYS = ['about', 'settings'] as const;
export type LandingKey = (typeof LANDING_KEYS)[number];

export function createLandingRepo(db: Db | Tx) {
  return {
    /** Replaces one singleton row (insert or update). */
    async write(key: LandingKey, value: unknown): Promise<void> {
      await db
        .insert(landingContent)
        .values({ key, value })
        .onConflictDoUpdate({ target: landingContent.key, set: { value, updatedAt: new Date() } });
    },

    /** The stored JSON of the given singleton rows; a key with no row is absent from the result. */
    async read(keys: readonly LandingKey[]): Promise<Partial<Record<LandingKey, unknown>>> {
      const rows = await db
        .select({ key: landingContent.key, value: landingContent.value })
        .from(landingContent)
        .where(inArray(landingContent.key, [...keys]));
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
  };
}
export type LandingRepo = ReturnType<typeof createLandingRepo>;
