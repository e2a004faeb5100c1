/** Platform: the mail outbox, background jobs, rate limits and login throttling. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import type { StoredAttachment } from './files';

/** Mail written in the same transaction as the change that caused it, then delivered. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The shop's contact address the customer's answer goes to; null when none is set. */
    replyTo: text('reply_to'),
    /** Files sent with the message (base64), wiped with the body once it leaves the queue. */
    attachments: jsonb('attachments').$type<StoredAttachment[] | null>(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);
/**
 * Fixed-window counters of the abuse limits (login, register, verify, resend, forgot-password),
 * in the database so they hold across several app instances. `key` names the limit and the subject
 * (e.g. `login-fail:account:<email>`, `auth:ip:<address>`); old windows are pruned as they pass.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);
/**
 * Failed logins per account AND client address, with back-off: after the threshold, only that
 * address waits (`blocked_until`, doubling per further failure), so nobody can lock the owner out
 * of their account from elsewhere. One upsert per failure counts it; a success from the address
 * deletes its row; rows idle for a day are pruned.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** The account's key (its email, lower-case). */
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.ip] }), index('login_failures_last_idx').on(t.lastFailedAt)],
);
/**
 * Background jobs (platform/jobs): one row per recurring job (its name and `key` = '', re-armed
 * after every run) and one per queued job. An instance claims a due row with SKIP LOCKED and holds
 * it by a lease (`lease_until`, renewed while the handler runs, `locked_by` = that claim's token);
 * a row whose lease ran out (its instance stopped or died) is due again. A failed run is retried
 * after a backoff; a queued job out of attempts stays `failed` with its error for the admin.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    /** '' for the one row of a recurring job; a queued job's own key (unique per name) or its id. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    state: text('state', { enum: ['queued', 'running', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** Runs started (a recurring job's count starts again after a success). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('jobs_name_key_idx').on(t.name, t.key), index('jobs_due_idx').on(t.name, t.state, t.runAt)],
);
