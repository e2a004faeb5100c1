/**
 * A signed-in customer's favourite products and lessons. Only what the shop lists and the training
 * page shows can be kept; each list entry is described as the catalogue has it now (a product
 * archived or a lesson unpublished since drops out of the list, and comes back if it returns).
 * Favourites belong to one account: every call is scoped by the caller's user id.
 */
import {
  availableNow,
  FAVOURITES_MAX,
  type Favourite,
  type FavouriteType,
  fillText,
  priceFromMinor,
  SERVER_MESSAGES,
} from '@atelier/shared';
import type { Db } from '../../db/client';
import { Conflict, NotFound } from '../../platform/errors';
import type { LessonsService } from '../lessons/lessons.service';
import type { ShopService } from '../shop/shop.service';
import type { FavouritesRepo } from './favourites.repo';

export interface FavouritesDeps {
  db: Db;
  repo: FavouritesRepo;
  products: Pick<ShopService, 'forOrder'>;
  lessons: Pick<LessonsService, 'forOrder'>;
  max?: number;
}

const price = (item: { priceRubMinor: number; priceEurMinor: number | null; priceUsdMinor: number | null }) =>
  priceFromMinor({ priceRub: item.priceRubMinor, priceEur: item.priceEurMinor, priceUsd: item.priceUsdMinor });

export function createFavouritesService({ db, repo, products, lessons, max = FAVOURITES_MAX }: FavouritesDeps) {
  async function visible(userId: string, type: FavouriteType, id: string): Promise<boolean> {
    if (type === 'product') {
      const product = (await products.forOrder(db, [id])).get(id);
      return Boolean(product && !product.archived);
    }
    return Boolean((await lessons.forOrder(db, [id], userId)).get(id)?.published);
  }

  return {
    async list(userId: string): Promise<Favourite[]> {
      const rows = await repo.list(userId);
      const ids = (type: FavouriteType) => rows.filter((row) => row.type === type).map((row) => row.id);
      const [productMap, lessonMap] = await Promise.all([
        products.forOrder(db, ids('product')),
        lessons.forOrder(db, ids('lesson'), userId),
      ]);
      return rows.flatMap((row): Favourite[] => {
        const addedAt = row.addedAt.toISOString();
        if (row.type === 'product') {
          const product = productMap.get(row.id);
          if (!product || product.archived) return [];
          const availability = availableNow(product)
            ? 'in_stock'
            : product.stock === 0
              ? 'out_of_stock'
              : product.availability;
          return [
            {
              type: 'product',
              id: row.id,
              addedAt,
              name: product.name,
              image: product.image,
              price: price(product),
              availability,
            },
          ];
        }
        const lesson = lessonMap.get(row.id);
        if (!lesson?.published) return [];
        return [
          {
            type: 'lesson',
            id: row.id,
            addedAt,
            name: lesson.name,
            image: lesson.image,
            price: price(lesson),
            availability: null,
          },
        ];
      });
    },

    /** Keeps a listed product or a published lesson; 404 for anything else, 409 past the limit. */
    async add(userId: string, type: FavouriteType, id: string): Promise<void> {
      if (!(await visible(userId, type, id))) throw new NotFound();
      await db.transaction(async (tx) => {
        const added = await repo.add(tx, userId, type, id);
        // A cap against scripts, counted after the insert: adds racing each other may pass it by
        // the few in flight, which is harmless.
        if (added && (await repo.count(tx, userId)) > max) {
          throw new Conflict(
            {
              ru: fillText(SERVER_MESSAGES.favouritesFull.ru, { max }),
              en: fillText(SERVER_MESSAGES.favouritesFull.en, { max }),
              es: fillText(SERVER_MESSAGES.favouritesFull.es, { max }),
            },
            { max },
            'FAVOURITES_FULL',
          );
        }
      });
    },

    /** Drops one (nothing to drop is fine). */
    async remove(userId: string, type: FavouriteType, id: string): Promise<void> {
      await repo.remove(userId, type, id);
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
