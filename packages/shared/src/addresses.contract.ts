import { z } from 'zod';
import { SavedAddressParamsSchema, SavedAddressSchema } from './addresses';
import { addressesRouteTable } from './addresses.routes';
import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export const addressesContract = defineContract('addresses', addressesRouteTable, {
  list: {
    summary: 'The delivery addresses the signed-in customer asked to remember, most recently used first',
    response: { 200: successEnvelope(z.array(SavedAddressSchema)), 401: ErrorBodySchema },
  },
  remove: {
    summary: 'Forget a remembered delivery address (one already gone is fine)',
    params: SavedAddressParamsSchema,
    response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...errors },
  },
});
