import { MAX_SAVED_ADDRESSES } from '@atelier/shared';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { savedAddresses } from '../../db/schema';

type Q = Db | Tx;

export interface AddressValues {
  country: string;
  city: string;
  address: string;
  postalCode: string;
}

export function createAddressesRepo(db: Db) {
  return {
    /** Her addresses, most recently used first. */
    list(userId: string) {
      return db
        .select()
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, userId))
        .orderBy(desc(savedAddresses.usedAt), desc(savedAddresses.createdAt));
    },

    async remove(userId: string, id: string): Promise<void> {
      await db.delete(savedAddresses).where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)));
    },

    /**
     * The address used now (inserted, or the same one marked used), then only the most recently
     * used MAX_SAVED_ADDRESSES kept.
     */
    async use(q: Q, userId: string, values: AddressValues): Promise<void> {
      await q
        .insert(savedAddresses)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: [
            savedAddresses.userId,
            savedAddresses.country,
            savedAddresses.city,
            savedAddresses.address,
            savedAddresses.postalCode,
          ],
          set: { usedAt: sql`now()` },
        });
      const kept = q
        .select({ id: savedAddresses.id })
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, userId))
        .orderBy(desc(savedAddresses.usedAt), desc(savedAddresses.createdAt))
        .limit(MAX_SAVED_ADDRESSES);
      await q.delete(savedAddresses).where(and(eq(savedAddresses.userId, userId), notInArray(savedAddresses.id, kept)));
    },
  };
}
export type AddressesRepo = ReturnType<typeof createAddressesRepo>;
