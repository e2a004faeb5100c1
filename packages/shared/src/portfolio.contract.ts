import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import { AdminPortfolioQuerySchema, PortfolioItemSchema, PortfolioQuerySchema } from './portfolio';
import { portfolioRouteTable } from './portfolio.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const writeErrors = { ...errors, 404: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const formDescription =
  'JSON body, or multipart/form-data with a `data` part (JSON: title, description, category, images?, ' +
  'mainImageIndex, linkedProductId) and up to 10 `images` file parts (5 MB each, checked by content). ' +
  '`images` in data is the final order: `{ "url": … }` keeps an existing image, `{ "file": n }` is the ' +
  'n-th file part; images left out are deleted. Without it: kept images, then the new files.';

export const portfolioContract = defineContract('portfolio', portfolioRouteTable, {
  list: {
    summary: 'Portfolio items in the admin order, optionally of one category (home page shows 12)',
    query: PortfolioQuerySchema,
    response: { 200: listEnvelope(PortfolioItemSchema), 400: ErrorBodySchema },
  },
  get: {
    summary: 'One portfolio item',
    params: IdParamSchema,
    response: { 200: successEnvelope(PortfolioItemSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  listAdminPortfolio: {
    summary: 'Every portfolio item for the admin: category filter, search in titles and descriptions, pages',
    query: AdminPortfolioQuerySchema,
    response: { 200: listEnvelope(PortfolioItemSchema), ...errors },
  },
  createAdminPortfolio: {
    summary: 'Create a portfolio item (at least one image)',
    description: formDescription,
    response: { 201: successEnvelope(PortfolioItemSchema), ...writeErrors },
  },
  putAdminPortfolio: {
    summary: 'Replace a portfolio item: texts, category, linked product, image order, main image, new images',
    description: formDescription,
    params: IdParamSchema,
    response: { 200: successEnvelope(PortfolioItemSchema), ...writeErrors },
  },
  deleteAdminPortfolio: {
    summary: 'Delete a portfolio item and its images',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...errors, 404: ErrorBodySchema },
  },
});
