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
    summary: 'One product with its options and variants (archived products are not found)',
    params: IdParamSchema,
    response: { 200: successEnvelope(ProductDetailSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
});
