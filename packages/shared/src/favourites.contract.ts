import { z } from 'zod';
import { ErrorBodySchema, successEnvelope } from './api';
import { defineContract } from './contract';
import { FavouriteParamsSchema, FavouriteSchema, FavouriteStateSchema } from './favourites';
import { favouritesRouteTable } from './favourites.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export const favouritesContract = defineContract('favourites', favouritesRouteTable, {
  list: {
    summary: 'The signed-in customer’s favourite products and lessons, newest first',
    response: { 200: successEnvelope(z.array(FavouriteSchema)), ...errors },
  },
  add: {
    summary: 'Keep a product or lesson in favourites (again is fine)',
    params: FavouriteParamsSchema,
    response: {
      200: successEnvelope(FavouriteStateSchema),
      ...errors,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
  },
  remove: {
    summary: 'Drop a product or lesson from favourites (not there is fine)',
    params: FavouriteParamsSchema,
    response: { 200: successEnvelope(FavouriteStateSchema), ...errors },
  },
});
