export const receiptKeys = {
  all: ['receipts'] as const,
  /** Admin: the fiscal receipts of one order (the order and payment screens refresh it). */
  adminOrder: (orderId: string) => [...receiptKeys.all, 'admin', 'order', orderId] as const,
};
