import { z } from 'zod';
import { defineContract } from './contract';
import { paymentsWebhooksRouteTable } from './payments-webhooks.routes';

const tags = ['payments'];

export const paymentsWebhooksContract = defineContract(paymentsWebhooksRouteTable, {
  webhook: {
    tags,
    summary: 'Payment provider notifications (verified by signature or by asking the provider)',
    params: z.object({ provider: z.string().min(1).max(40) }),
  },
  sandboxPage: {
    tags,
    summary: 'Sandbox payment page (test provider)',
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({
      signature: z.string().max(200).default(''),
      /** Where the shop asked the buyer to come back (a site path), as YooKassa's return_url. */
      return: z.string().max(500).optional(),
    }),
  },
  sandboxAction: {
    tags,
    summary: 'Sandbox Pay / Cancel / Fail: sends the signed notification, then returns the buyer to the shop',
    params: z.object({ id: z.string().min(1).max(100), action: z.enum(['pay', 'cancel', 'fail']) }),
  },
});
