/**
 * The queries behind the shop service's methods for orders and the cart (`forOrder`,
 * `reserveStock`, `releaseStock`): the catalogue data an order line is priced from, and the
 * atomic stock reserve/release of checkout/cancel. Every function runs on the caller's transaction.
 */
import {
  availableNow,
  type Image,
  type LocalizedText,
  localize,
  type ProductOption,
  productParcel,
  type Reservation,
  reservationKey,
} from '@atelier/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import type { ProductForOrder, VariantForOrder } from '../checkout/checkout.schemas';

/** "Пудровый, 40 см": a variant's option value labels in the options' order, per language. */
export function variantLabel(options: readonly ProductOption[], values: readonly string[]): LocalizedText | null {
  if (options.length === 0 || values.length === 0) return null;
  const labels = options.map((option, i) => option.values.find((value) => value.id === values[i])?.label ?? null);
  if (labels.some((label) => label === null)) return null;
  const join = (lang: 'ru' | 'en' | 'es') => labels.map((label) => localize(label!, lang)).join(', ');
  return { ru: join('ru'), en: join('en'), es: join('es') };
}

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
      options: products.options,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const rows = await (lock ? query.orderBy(products.id).for('share') : query);
  const variantRows = await q
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt), asc(productVariants.id));
  return new Map(
    rows.map((row) => {
      const hasOptions = row.options.length > 0;
      const parcel = productParcel(row.category, parcelOf(row));
      const image = (row.images as Image[])[0]?.thumb ?? null;
      const variants = new Map<string, VariantForOrder>();
      for (const v of variantRows) {
        if (v.productId !== row.id) continue;
        variants.set(v.id, {
          id: v.id,
          label: variantLabel(row.options, v.optionValues),
          priceRubMinor: v.priceRub ?? row.priceRub,
          priceEurMinor: v.priceEur ?? row.priceEur,
          priceUsdMinor: v.priceUsd ?? row.priceUsd,
          availability: v.availability ?? row.availability,
          stock: hasOptions ? v.stock : row.stock,
          image: v.images[0]?.thumb ?? image,
          parcel: parcelOf(v) ? productParcel(row.category, parcelOf(v)) : parcel,
        });
      }
      return [row.id, { ...forOrder(row, parcel, image), hasOptions, variants }] as const;
    }),
  );
}

function forOrder(
  row: {
    id: string;
    name: LocalizedText;
    priceRub: number;
    priceEur: number | null;
    priceUsd: number | null;
    category: ProductForOrder['category'];
    availability: ProductForOrder['availability'];
    stock: number | null;
    bookFormats: ProductForOrder['bookFormats'];
    archivedAt: Date | null;
  },
  parcel: ProductForOrder['parcel'],
  image: string | null,
) {
  return {
    id: row.id,
    name: row.name,
    priceRubMinor: row.priceRub,
    priceEurMinor: row.priceEur,
    priceUsdMinor: row.priceUsd,
    category: row.category,
    availability: row.availability,
    stock: row.stock,
    bookFormats: row.bookFormats && row.bookFormats.length > 0 ? row.bookFormats : null,
    image,
    archived: row.archivedAt !== null,
    parcel,
  };
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
 * The variants of these reservations whose units are counted on the variant itself (its product
 * has options); every other reservation counts on its product (a product without options: its
 * default variant is the product).
 */
async function variantCounted(q: Db | Tx, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  const rows = await q
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, variantIds), sql`jsonb_array_length(${products.options}) > 0`));
  return new Set(rows.map((row) => row.id));
}

/**
 * Gives reserved stock back (a cancelled order) to the counter the units came from; uncounted
 * products and variants are left alone. Returns the product when this made it available again
 * (its counted stock was 0), else null.
 */
export async function releaseProductStock(
  q: Db | Tx,
  productId: string,
  quantity: number,
  variantId: string | null = null,
): Promise<{ id: string; name: LocalizedText } | null> {
  if (variantId && (await variantCounted(q, [variantId])).has(variantId)) {
    const [row] = await q
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}` })
      .where(and(eq(productVariants.id, variantId), isNotNull(productVariants.stock)))
      .returning({ stock: productVariants.stock });
    if (!row || quantity <= 0 || (row.stock ?? 0) - quantity > 0) return null;
    const [product] = await q
      .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId));
    return product && product.archivedAt === null ? { id: product.id, name: product.name } : null;
  }
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
 * Reserves several lines, each from its counter (the variant's stock for a product with options,
 * the product's otherwise), in one UPDATE per table (`stock >= quantity` in the WHERE, so it can
 * never go negative). Returns the `reservationKey`s that could not be reserved; when any is
 * returned the caller must roll its transaction back (the others were taken). Uncounted products
 * need no reservation and must not be passed.
 */
export async function reserveProductsStock(q: Db | Tx, lines: readonly Reservation[]): Promise<string[]> {
  if (lines.length === 0) return [];
  const onVariant = await variantCounted(
    q,
    lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
  );
  const variantLines = lines.filter((line) => line.variantId && onVariant.has(line.variantId));
  // A product's counter takes the units of all its lines at once.
  const productTotals = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId && onVariant.has(line.variantId)) continue;
    productTotals.set(line.productId, (productTotals.get(line.productId) ?? 0) + line.quantity);
  }
  // Lock the rows in id order first (products, then variants). An UPDATE meets its rows in
  // physical order, which differs between concurrent transactions (every update moves the row), so
  // two checkouts sharing products could each hold one row and wait for the other's: a deadlock.
  const productIds = [...new Set(lines.map((l) => l.productId))].sort();
  await q
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
    .for('no key update');
  const short = new Set<string>();
  if (productTotals.size > 0) {
    const result = await q.execute(sql`
      update products p set stock = p.stock - x.quantity
      from jsonb_to_recordset(${JSON.stringify([...productTotals].map(([id, quantity]) => ({ id, quantity })))}::jsonb)
        as x(id uuid, quantity integer)
      where p.id = x.id and p.stock is not null and p.stock >= x.quantity
      returning p.id
    `);
    const taken = new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    for (const line of lines) {
      if (!(line.variantId && onVariant.has(line.variantId)) && !taken.has(line.productId))
        short.add(reservationKey(line));
    }
  }
  if (variantLines.length > 0) {
    const ids = [...new Set(variantLines.map((l) => l.variantId!))].sort();
    await q
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, ids))
      .orderBy(productVariants.id)
      .for('no key update');
    const result = await q.execute(sql`
      update product_variants v set stock = v.stock - x.quantity
      from jsonb_to_recordset(${JSON.stringify(variantLines.map((l) => ({ id: l.variantId, quantity: l.quantity })))}::jsonb)
        as x(id uuid, quantity integer)
      where v.id = x.id and v.stock is not null and v.stock >= x.quantity
      returning v.id
    `);
    const taken = new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    for (const line of variantLines) if (!taken.has(line.variantId!)) short.add(reservationKey(line));
  }
  return lines.filter((line) => short.has(reservationKey(line))).map(reservationKey);
}
