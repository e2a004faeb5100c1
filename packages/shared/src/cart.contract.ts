import { ErrorBodySchema, successEnvelope } from './api';
import { CartSchema, PutCartBody } from './cart';
import { cartRouteTable } from './cart.routes';
import { defineContract } from './contract';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export const cartContract = defineContract('cart', cartRouteTable, {
  get: {
    summary: 'The signed-in user’s cart with current prices and availability',
    response: { 200: successEnvelope(CartSchema), ...errors },
  },
  put: {
    summary: 'Replace the cart (same id + type merge; an empty list clears it)',
    body: PutCartBody,
    response: { 200: successEnvelope(CartSchema), ...errors },
  },
});
