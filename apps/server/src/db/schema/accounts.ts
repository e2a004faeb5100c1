/** Accounts: users, their sessions, email tokens and registration captchas. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Lower-cased; null once the account is deleted (orders stay, anonymised). */
    email: text('email'),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set when a pending account got a repeat registration with a different password: two people
     * claimed the address, so at verification neither password is kept and the verifier sets one.
     */
    passwordContestedAt: timestamp('password_contested_at', { withTimezone: true }),
    /** When the customer agreed to reminders and news by email (opt-in in the account); null = no. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
/** Email verification codes/links and password-reset links: hashed, single use, expiring. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    codeHash: text('code_hash'),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);
/** Arithmetic captchas for registration: single use, expiring; in the database so any instance can check. */
export const captchas = pgTable('captchas', {
  id: id(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The delivery addresses a customer asked the shop to remember at checkout (her address book):
 * one row per distinct address, `used_at` the last order that went there. Personal data: deleted
 * with the account (anonymisation), not kept with its orders (each order keeps its own copy).
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_addresses_same_key').on(t.userId, t.country, t.city, t.address, t.postalCode),
    index('saved_addresses_user_idx').on(t.userId, t.usedAt),
  ],
);
