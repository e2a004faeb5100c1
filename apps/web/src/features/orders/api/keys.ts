import { ordersScope } from '../../../shared/api/query-keys';

/**
 * The orders' keys, under the shared `orders` prefix (see shared/api/query-keys.ts): invalidating
 * `orderKeys.all` refreshes the account's list, every order page and the owner's list; an account
 * change removes them all.
 */
export const orderKeys = {
  all: ordersScope.all,
  /** The account's order history. */
  mine: () => [...orderKeys.all, 'mine'] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
  /** The thank-you page's order, by the number the payment provider sends the buyer back with. */
  byNumber: (number: string | null) => [...orderKeys.all, 'number', number] as const,
  /** The owner's list for one filter and page. */
  admin: (filter: object) => [...orderKeys.all, 'admin', filter] as const,
};
