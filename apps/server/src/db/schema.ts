/**
 * The whole product's data model (PostgreSQL via drizzle pg-core; the same on PGlite), one file per
 * feature under ./schema/. This file re-exports every table and stored shape: the code imports from
 * here, and drizzle-kit reads it (drizzle.config.ts) to find every table.
 * Money is integer minor units (kopecks/cents). Localized texts are jsonb maps { ru, en?, es? }.
 * Later features add columns and indexes in their file and generate a migration with `npm run db:generate`.
 */

export * from './schema/accounts';
export * from './schema/catalogue';
export * from './schema/content';
export * from './schema/files';
export * from './schema/gift-certificates';
export * from './schema/learning';
export * from './schema/legal';
export * from './schema/notifications';
export * from './schema/orders';
export * from './schema/payments';
export * from './schema/platform';
export * from './schema/shop';
