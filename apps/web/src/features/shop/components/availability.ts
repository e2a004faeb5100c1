import type { Availability, Product } from '@atelier/shared';

/** What the shop shows: a counted stock that ran out wins over the availability the admin set. */
export function shownAvailability(product: Pick<Product, 'availability' | 'stock'>): Availability {
  return product.stock === 0 ? 'out_of_stock' : product.availability;
}

/**
 * "Notify me when it is back" is offered only for a product that is out of stock: one in stock
 * or made to order is bought with "Add to cart", and a second button beside it only confuses.
 */
export function offersStockAlert(product: Pick<Product, 'availability' | 'stock'>): boolean {
  return shownAvailability(product) === 'out_of_stock';
}
