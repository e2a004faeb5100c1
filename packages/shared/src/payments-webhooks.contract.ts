import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { paymentsWebhooksRouteTable } from './payments-webhooks.routes';

export const paymentsWebhooksContract = defineContract('payments', paymentsWebhooksRouteTable, {
  webhook: {
    summary: 'Payment provider notifications (verified by signature or by asking the provider)',
    webhook: true,
    params: z.object({ provider: z.string().min(1).max(40) }),
    response: {
      /** What the shop made of it: applied, duplicate, ignored, unknown_payment, amount_mismatch, … */
      200: successEnvelope(z.object({ outcome: z.string() })),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      429: ErrorBodySchema,
      /** The provider could not be asked to confirm it: it delivers the notification again later. */
      503: ErrorBodySchema,
    },
  },
  paypalReturn: {
    summary:
      "Where PayPal sends the buyer back after approving: the shop captures the payment, then sends her to the payment's result page",
    query: z.object({
      /** PayPal's order id, as PayPal names it on the way back. */
      token: z.string().max(100).default(''),
      PayerID: z.string().max(100).optional(),
    }),
    response: { 303: z.null().describe('On to the payment’s result page (or the account’s orders)') },
  },
  sandboxPage: {
    summary: 'Sandbox payment page (test provider)',
    produces: ['text/html'],
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({
      signature: z.string().max(200).default(''),
      /** Where the shop asked the buyer to come back (a site path), as YooKassa's return_url. */
      return: z.string().max(500).optional(),
    }),
  },
  sandboxAction: {
    summary: 'Sandbox Pay / Cancel / Fail: sends the signed notification, then returns the buyer to the shop',
    params: z.object({ id: z.string().min(1).max(100), action: z.enum(['pay', 'cancel', 'fail']) }),
    response: { 303: z.null().describe('Back to the shop’s return page') },
  },
});
