/** Site content: the landing singletons, the portfolio and reviews. */
import type { Image } from '@atelier/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, id, localized, updatedAt } from './columns';

/** Site-wide singletons: key 'about' (About) and 'settings' (LandingSettings). */
export const landingContent = pgTable('landing_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    title: localized('title'),
    description: localized('description'),
    category: text('category', { enum: ['wedding', 'corporate', 'personal'] }).notNull(),
    images: jsonb('images').$type<Image[]>().notNull().default([]),
    mainImageIndex: integer('main_image_index').notNull().default(0),
    linkedProductId: uuid('linked_product_id').references(() => products.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolio_category_idx').on(t.category, t.sortOrder)],
);
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    rating: integer('rating').notNull().default(5),
    image: jsonb('image').$type<Image | null>(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    sortOrder: integer('sort_order').notNull().default(0),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_status_order_idx').on(t.status, t.sortOrder)],
);
