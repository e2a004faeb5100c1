/**
 * Products as checkout sells them (the `product` registration of `sellables` in src/services.ts):
 * a line names a product on sale, in an edition it comes in (a book on paper or as a download),
 * priced in the order's currency; counted stock is taken by the line unless it is made to order or
 * a download. The stock left as read is on the line, for checkout's check of the whole order.
 */
import { aggregateReservations, type BookFormat, type Reservation, reservationKey, variantName } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields } from '../../platform/errors';
import type {
  FiscalOf,
  HeldLine,
  OrderEvent,
  ProductForOrder,
  Sellable,
  SellRequest,
  VariantForOrder,
} from '../checkout/checkout.schemas';
import { priceIn } from '../checkout/pricing';

const badFormat = (index: number) =>
  new InvalidFields('bookFormatInvalid', [{ field: `items.${index}.bookFormat`, message: 'bookFormatInvalid' }]);

/**
 * A product's receipt line: goods are paid in full before they are handed over (the completion
 * receipt follows at shipment); a download is handed over with the payment.
 */
export const productFiscal: FiscalOf = (line) =>
  line.bookFormat === 'digital'
    ? { subject: 'digital', mode: 'full_payment', note: 'электронная книга' }
    : { subject: 'goods', mode: 'full_prepayment', note: null };

/** What the product registration needs of the shop: its rows, and its counted stock taken and given back. */
export interface ProductStock {
  forOrder(q: Db | Tx, ids: string[]): Promise<Map<string, ProductForOrder>>;
  /** Takes the quantities atomically; the `reservationKey`s it could not take (the caller rolls back). */
  reserveStock(tx: Tx, lines: readonly Reservation[]): Promise<string[]>;
  releaseStock(tx: Tx, productId: string, quantity: number, variantId?: string | null): Promise<void>;
}

/** What a confirmed order's digital books give, and what their refund takes back: the download links. */
export interface BookDownloads {
  onOrderConfirmed(tx: Tx, event: OrderEvent): Promise<void>;
  onLinesRefunded(tx: Tx, event: OrderEvent): Promise<void>;
}

/** One line per product and variant, in id order (two orders never wait on each other's rows), as the reservation takes them. */
const perCounter = (lines: readonly HeldLine[]) =>
  aggregateReservations(
    lines.map((line) => ({ productId: line.refId, variantId: line.variantId ?? null, quantity: line.quantity })),
  );

const variantProblem = (index: number, message: 'variantRequired' | 'variantInvalid') =>
  new InvalidFields(message, [{ field: `items.${index}.variantId`, message }]);

/**
 * The variant a line buys: a product with options needs one of its variants named; one without
 * options has its default variant, named or not.
 */
function variantOf(product: ProductForOrder, line: SellRequest): VariantForOrder {
  if (line.variantId) {
    const named = product.variants.get(line.variantId);
    if (!named) throw variantProblem(line.index, 'variantInvalid');
    return named;
  }
  const only = product.variants.size === 1 ? [...product.variants.values()][0] : undefined;
  if (product.hasOptions || !only) throw variantProblem(line.index, 'variantRequired');
  return only;
}

export function productSellable(
  products: ProductStock,
  downloads: BookDownloads,
  stockChanged: () => void,
): Sellable<ProductForOrder> {
  return {
    load: (q, ids) => products.forOrder(q, ids),

    price(product, line, currency) {
      if (!product || product.archived) return { unavailable: 'not_found' };
      let format: BookFormat | null = null;
      if (product.category === 'book' && product.bookFormats) {
        format = line.bookFormat ?? (product.bookFormats.length === 1 ? product.bookFormats[0]! : null);
        if (!format || !product.bookFormats.includes(format)) throw badFormat(line.index);
      } else if (line.bookFormat) {
        throw badFormat(line.index);
      }
      const variant = variantOf(product, line);
      if (variant.availability === 'out_of_stock') {
        throw new Conflict(
          'outOfStock',
          {
            items: [
              { type: 'product', id: product.id, ...(variant.label ? { variantId: variant.id } : {}), available: 0 },
            ],
          },
          'OUT_OF_STOCK',
        );
      }
      const unit = priceIn(variant, currency);
      if (unit === null) return { notSoldIn: currency };
      const digital = format === 'digital';
      return {
        priced: {
          type: 'product',
          refId: product.id,
          // A product without options is its default variant: its lines, stock and 409s stay the product's.
          variantId: product.hasOptions ? variant.id : null,
          name: variantName(product.name, variant.label),
          bookFormat: format,
          unitRubMinor: variant.priceRubMinor,
          unitCurrencyMinor: unit,
          quantity: line.quantity,
          physical: !digital,
          // Made-to-order goods and digital copies do not draw on the counted stock.
          reserve: !digital && variant.availability !== 'on_order' && variant.stock !== null,
          seat: false,
          creditRubMinor: 0,
          courseId: null,
          index: line.index,
          parcel: digital ? null : variant.parcel,
          stock: variant.stock,
        },
      };
    },

    async reserve(tx, lines) {
      const wanted = perCounter(lines);
      const shortKeys = await products.reserveStock(tx, wanted);
      const left = await products.forOrder(
        tx,
        wanted.map((line) => line.productId),
      );
      const counterOf = (line: Reservation) => {
        const product = left.get(line.productId);
        const variant = line.variantId ? product?.variants.get(line.variantId) : undefined;
        return variant ? variant.stock : (product?.stock ?? null);
      };
      return {
        short: wanted
          .filter((line) => shortKeys.includes(reservationKey(line)))
          .map((line) => ({
            refId: line.productId,
            ...(line.variantId ? { variantId: line.variantId } : {}),
            requested: line.quantity,
            available: Math.max(0, counterOf(line) ?? 0),
          })),
        // Nothing of it is left for anyone else.
        tookLast:
          shortKeys.length === 0 &&
          wanted.some((line) => {
            const stock = counterOf(line);
            return stock !== null && stock <= 0;
          }),
      };
    },

    settled: stockChanged,

    async release(tx, lines) {
      for (const { productId, variantId, quantity } of perCounter(lines)) {
        if (quantity > 0) await products.releaseStock(tx, productId, quantity, variantId ?? null);
      }
    },

    grant: (tx, event) => downloads.onOrderConfirmed(tx, event),

    async undo(tx, event, why) {
      // A cancelled order's stock came back with `release`; a refunded book's links go.
      if (why === 'refunded') await downloads.onLinesRefunded(tx, event);
    },

    image: (product) => product.image,

    fiscal: productFiscal,
  };
}
