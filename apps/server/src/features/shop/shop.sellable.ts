/**
 * Products as checkout sells them (the `product` registration of `sellables` in src/services.ts):
 * a line names a product on sale, in an edition it comes in (a book on paper or as a download),
 * priced in the order's currency; counted stock is taken by the line unless it is made to order or
 * a download. The stock left as read is on the line, for checkout's check of the whole order.
 */
import type { BookFormat } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, InvalidFields } from '../../platform/errors';
import type { FiscalOf, ProductForOrder, Sellable } from '../checkout/checkout.schemas';
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

export function productSellable(products: {
  forOrder(q: Db | Tx, ids: string[]): Promise<Map<string, ProductForOrder>>;
}): Sellable<ProductForOrder> {
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
      if (product.availability === 'out_of_stock') {
        throw new Conflict(
          'outOfStock',
          { items: [{ type: 'product', id: product.id, available: 0 }] },
          'OUT_OF_STOCK',
        );
      }
      const unit = priceIn(product, currency);
      if (unit === null) return { notSoldIn: currency };
      const digital = format === 'digital';
      return {
        priced: {
          type: 'product',
          refId: product.id,
          name: product.name,
          bookFormat: format,
          unitRubMinor: product.priceRubMinor,
          unitCurrencyMinor: unit,
          quantity: line.quantity,
          physical: !digital,
          // Made-to-order goods and digital copies do not draw on the counted stock.
          reserve: !digital && product.availability !== 'on_order' && product.stock !== null,
          seat: false,
          creditRubMinor: 0,
          courseId: null,
          index: line.index,
          parcel: digital ? null : product.parcel,
          stock: product.stock,
        },
      };
    },

    image: (product) => product.image,

    fiscal: productFiscal,
  };
}
