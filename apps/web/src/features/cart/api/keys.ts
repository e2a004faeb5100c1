import { ordersScope } from '../../../shared/api/query-keys';

/**
 * The cart's keys. A quote is what an order of the cart would cost, for this account (a course's
 * credit): under the orders' prefix, so placing an order and an account change drop it.
 */
export const cartKeys = {
  quote: (body: object | null) => [...ordersScope.all, 'quote', body] as const,
};
