/** The queries of favourites (table favourites): one row per customer and product or lesson. */
import type { FavouriteType } from '@atelier/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { favourites } from '../../db/schema';

type Q = Db | Tx;

const column = (type: FavouriteType) => (type === 'product' ? favourites.productId : favourites.lessonId);

export function createFavouritesRepo(db: Db) {
  return {
    /** The customer's favourites, newest first. */
    async list(userId: string): Promise<{ type: FavouriteType; id: string; addedAt: Date }[]> {
      const rows = await db
        .select()
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.createdAt), desc(favourites.id));
      return rows.map((row) =>
        row.productId
          ? { type: 'product' as const, id: row.productId, addedAt: row.createdAt }
          : { type: 'lesson' as const, id: row.lessonId as string, addedAt: row.createdAt },
      );
    },

    async count(q: Q, userId: string): Promise<number> {
      const [row] = await q.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
      return row?.n ?? 0;
    },

    /** Keeps one (a second add of the same is nothing); true when it was new. */
    async add(q: Q, userId: string, type: FavouriteType, id: string): Promise<boolean> {
      const rows = await q
        .insert(favourites)
        .values(type === 'product' ? { userId, productId: id } : { userId, lessonId: id })
        .onConflictDoNothing()
        .returning({ id: favourites.id });
      return rows.length > 0;
    },

    async remove(userId: string, type: FavouriteType, id: string): Promise<void> {
      await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(column(type), id)));
    },
  };
}
export type FavouritesRepo = ReturnType<typeof createFavouritesRepo>;
