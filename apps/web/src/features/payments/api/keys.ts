import { userScope } from '../../../shared/api/query-keys';

export const paymentKeys = {
  all: ['payments'] as const,
  /** Where the payment of one of my orders stands (polled by the processing page). */
  status: (orderId: string) => [...paymentKeys.all, 'status', orderId] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  /** A payment link's order, opened signed out (the token is the proof). */
  link: (token: string) => [...paymentKeys.all, 'link', token] as const,
  /** The account's digital books: the account's own, dropped when the account changes. */
  downloads: () => [...userScope.all, 'downloads'] as const,
  /** Admin: every payment attempt of an order. */
  adminOrder: (orderId: string) => [...paymentKeys.all, 'admin', 'order', orderId] as const,
  adminAlerts: () => [...paymentKeys.all, 'admin', 'alerts'] as const,
  /** Admin: what refunding these units of these lines would give back now. */
  refundPreview: (orderId: string, lines: { lineId: string; quantity: number }[]) =>
    [...paymentKeys.all, 'admin', 'refund-preview', orderId, lines] as const,
};
