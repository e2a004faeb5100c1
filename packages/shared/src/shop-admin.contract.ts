import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import { AdminProductSchema, AdminShopQuerySchema, ProductDeleteResultSchema, ProductImageParamsSchema } from './shop';
import { shopAdminRouteTable } from './shop-admin.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const fileErrors = { ...errors, 404: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const formDescription =
  'JSON body, or multipart/form-data with a `data` part (JSON of the fields), `images` parts (up to 10, ' +
  '5 MB each) and one `file` part (the digital book, PDF or EPUB, kept in private storage). ' +
  '`data.images` is the final image list: `{ url }` keeps a current image, `{ file: n }` places the ' +
  'n-th `images` part; without it new parts are appended. Prices are major units.';

export const shopAdminContract = defineContract('shop', shopAdminRouteTable, {
  listAdminShop: {
    summary: 'Every product for the admin (archived too), with the public filters and an archive filter',
    query: AdminShopQuerySchema,
    response: { 200: listEnvelope(AdminProductSchema), ...errors },
  },
  getAdminShop: {
    summary: 'One product for the admin (archived too)',
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminProductSchema), ...errors, 404: ErrorBodySchema },
  },
  create: {
    summary: 'Create a product',
    description: formDescription,
    response: { 201: successEnvelope(AdminProductSchema), ...fileErrors },
  },
  put: {
    summary:
      'Replace a product’s fields; reorder, drop or add images (data.images), replace or remove the digital book',
    description: formDescription,
    params: IdParamSchema,
    response: { 200: successEnvelope(AdminProductSchema), ...fileErrors },
  },
  delete: {
    summary: 'Delete a product; one that has orders is archived instead (hidden from the shop, kept for orders)',
    params: IdParamSchema,
    response: { 200: successEnvelope(ProductDeleteResultSchema), ...errors, 404: ErrorBodySchema },
  },
  image: {
    summary: 'Delete one image of a product by its index (later images move up)',
    params: ProductImageParamsSchema,
    response: { 200: successEnvelope(AdminProductSchema), ...errors, 404: ErrorBodySchema },
  },
});
