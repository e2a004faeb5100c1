/**
 * The queries behind the shop service's methods for orders and the cart (`forOrder`,
 * `reserveStock`, `releaseStock`): the catalogue data an order line is priced from, and the
 * atomic stock reserve/release of checkout/cancel. Every function runs on the caller's transaction.
 */
import { availableNow, type Image, type LocalizedText, productParcel } from '@atelier/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { products } from '../../db/schema';
import type { ProductForOrder } from '../checkout/checkout.schemas';

/**
 * Products by id (archived ones included, flagged), keyed by id. `share` locks the rows FOR SHARE
 * for the rest of `q`'s transaction: a stock or availability change waits for it, or is seen.
 */
export async function productsForOrder(
  q: Db | Tx,
  ids: string[],
  lock?: 'share',
): Promise<Map<string, ProductForOrder>> {
  if (ids.length === 0) return new Map();
  const query = q
    .select({
      id: products.id,
      name: products.name,
      priceRub: products.priceRub,
      priceEur: products.priceEur,
      priceUsd: products.priceUsd,
      category: products.category,
      availability: products.availability,
      stock: products.stock,
      bookFormats: products.bookFormats,
      images: products.images,
      archivedAt: products.archivedAt,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const rows = await (lock ? query.orderBy(products.id).for('share') : query);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        priceRubMinor: row.priceRub,
        priceEurMinor: row.priceEur,
        priceUsdMinor: row.priceUsd,
        category: row.category,
        availability: row.availability,
        stock: row.stock,
        bookFormats: row.bookFormats && row.bookFormats.length > 0 ? row.bookFormats : null,
        image: (row.images as Image[])[0]?.thumb ?? null,
        archived: row.archivedAt !== null,
        parcel: productParcel(row.category, parcelOf(row)),
      },
    ]),
  );
}

/** The product's own weight and box: all four columns, or null (the category's default applies). */
export function parcelOf(row: {
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}) {
  const { weightGrams, lengthCm, widthCm, heightCm } = row;
  return weightGrams !== null && lengthCm !== null && widthCm !== null && heightCm !== null
    ? { weightGrams, lengthCm, widthCm, heightCm }
    : null;
}

/**
 * Gives reserved stock back (a cancelled order); uncounted products are left alone. Returns the
 * product when this made it available again (its counted stock was 0), else null.
 */
export async function releaseProductStock(
  q: Db | Tx,
  productId: string,
  quantity: number,
): Promise<{ id: string; name: LocalizedText } | null> {
  const [row] = await q
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(and(eq(products.id, productId), isNotNull(products.stock)))
    .returning({
      id: products.id,
      name: products.name,
      availability: products.availability,
      stock: products.stock,
      archivedAt: products.archivedAt,
    });
  if (!row || row.archivedAt !== null || quantity <= 0) return null;
  const before = { availability: row.availability, stock: (row.stock ?? 0) - quantity };
  return !availableNow(before) && availableNow(row) ? { id: row.id, name: row.name } : null;
}

/**
 * Reserves several lines in one UPDATE (each row: `stock >= quantity` in the WHERE, so it can
 * never go negative). Returns the ids that could not be reserved; when any is returned the caller
 * must roll its transaction back (the others were taken). Uncounted products need no reservation
 * and must not be passed.
 */
export async function reserveProductsStock(
  q: Db | Tx,
  lines: { productId: string; quantity: number }[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  // Lock the rows in id order first. The UPDATE below meets its rows in physical order, which
  // differs between concurrent transactions (every update moves the row), so two checkouts sharing
  // products could each hold one row and wait for the other's: a deadlock, answered as a 500.
  await q
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...new Set(lines.map((l) => l.productId))].sort()))
    .orderBy(products.id)
    .for('no key update');
  const result = await q.execute(sql`
    update products p set stock = p.stock - x.quantity
    from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ id: l.productId, quantity: l.quantity })))}::jsonb)
      as x(id uuid, quantity integer)
    where p.id = x.id and p.stock is not null and p.stock >= x.quantity
    returning p.id
  `);
  const taken = new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
  return lines.filter((line) => !taken.has(line.productId)).map((line) => line.productId);
}
