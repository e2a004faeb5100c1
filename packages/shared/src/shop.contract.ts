import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import { ProductDetailSchema } from './product-variants';
import { FeaturedQuerySchema, ProductSchema, ShopQuerySchema } from './shop';
import { shopRouteTable } from './shop.routes';

export const shopContract = defineContract('shop', shopRouteTable, {
  list: {
    summary: 'List products (filter by category, search, price range in RUB; sort; paginate)',
    query: ShopQuerySchema,
    response: { 200: listEnvelope(ProductSchema), 400: ErrorBodySchema },
  },
  featured: {
    summary: "The home page's products: the owner's pick, or the best sellers in stock; each sold in the currency",
    query: FeaturedQuerySchema,
    response: { 200: successEnvelope(z.array(ProductSchema)), 400: ErrorBodySchema },
  },
  get: {
    summary:
      'One product with its options and variants. 410 `PRODUCT_REMOVED` when it existed and the owner removed it (archived or deleted): `details` is `{ removed: true, id, name, category, similar }`, its name and category and up to 8 listed products that can still be ordered (its category first, then the newest); 404 when there never was one',
    params: IdParamSchema,
    response: {
      200: successEnvelope(ProductDetailSchema),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      410: ErrorBodySchema,
    },
  },
});
