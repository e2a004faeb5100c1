/**
 * Durable mail queue over `mail_outbox` (transactional outbox): features enqueue inside their own
 * transaction, so a mail exists iff the change that caused it committed, and a worker sends it
 * afterwards (the `mail.send` job, every 2 s: jobs.ts). A crash between commit and send only delays
 * the mail; it is never lost.
 *
 * Once a row leaves the queue (sent, or failed for good) its body is wiped: mails carry verification
 * codes, sign-in and password links and download links, which must not outlive their delivery in
 * the database (nor in its backups). Recipient, subject, status and the last error stay for support.
 */

import type { MailFailureCause } from '@atelier/shared';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { shopReplyTo } from './brand';
import { renderMail } from './layout';
import type { Mailer, MailLog, MailMessage } from './mail';
import { maskCodes } from './mail-text';

/** After this many failed attempts a row is marked `failed` and left for a human to look at. */
export const MAX_MAIL_ATTEMPTS = 8;

/** What a delivered or abandoned row keeps of its body and files: nothing. */
const PURGED_BODY = { text: '', html: null, attachments: null } as const;

const purgedSubject = (row: { subject: string; text: string }) => maskCodes(row.subject, row.text);

/** Queues a message in the caller's transaction (or directly on `db`); returns the row id. */
export async function enqueueMail(tx: Db | Tx, message: MailMessage): Promise<string> {
  const replyTo = message.replyTo === undefined ? await shopReplyTo(tx) : message.replyTo;
  // Drawn again with the shop's settings: the reply line only when there is an address to reply to.
  const body = message.content ? renderMail(message.content, { replyTo }) : message;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: body.subject,
      text: body.text,
      html: body.html ?? null,
      replyTo,
      attachments: message.attachments?.length
        ? message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            contentBase64: file.content.toString('base64'),
          }))
        : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** 30 s, 1 min, 2 min, ... capped at 1 h: eight attempts span about an hour of outage. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  log: MailLog;
  /** Rows claimed per poll. */
  batchSize?: number;
  /** Delay before a failed row is tried again, given its attempt count so far. */
  backoffMs?: (attempts: number) => number;
  /**
   * Keep the row locked (FOR UPDATE SKIP LOCKED inside a transaction) while it is being sent, so
   * several app instances on one PostgreSQL never send the same row twice. Default: true on
   * node-postgres, false on PGlite — PGlite runs every query on one connection, so a transaction
   * held across an SMTP round trip would stall every request, and PGlite is single-process anyway
   * (the DATA_DIR lock), where this worker's own "one batch at a time" is enough.
   */
  lockWhileSending?: boolean;
  now?: () => number;
}

/** How often the mail job runs: 2 s keeps a verification code close to instant without busy polling. */
export const MAIL_PASS_EVERY_MS = 2_000;

export interface MailWorker {
  /** Sends every due row now, each at most once per call; resolves with the number of rows tried. */
  drain(): Promise<number>;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, log } = options;
  const batchSize = options.batchSize ?? 20;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const now = options.now ?? Date.now;
  const lockWhileSending = options.lockWhileSending ?? !usesPglite(db);
  /**
   * Not before this time (ms) per row id. Kept in memory because the table has no next-attempt
   * column: after a restart failed rows are simply retried at once, which is harmless.
   */
  const notBefore = new Map<string, number>();

  function excluded(skip: Set<string>): string[] {
    const t = now();
    for (const [id, at] of notBefore) if (at <= t) notBefore.delete(id);
    return [...notBefore.keys(), ...skip];
  }

  function claimQuery(q: Db | Tx, skip: Set<string>, limit: number) {
    const ids = excluded(skip);
    return q
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), ids.length > 0 ? notInArray(mailOutbox.id, ids) : undefined))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /** Records a failed try (queued again with a backoff, or failed for good); true when it left the queue. */
  async function recordFailure(q: Db | Tx, row: OutboxRow, error: unknown): Promise<boolean> {
    const attempts = row.attempts + 1;
    const lastError = describe(error);
    const failed = attempts >= MAX_MAIL_ATTEMPTS;
    await q
      .update(mailOutbox)
      .set({
        attempts,
        lastError,
        ...(failed
          ? { status: 'failed' as const, subject: purgedSubject(row), ...PURGED_BODY }
          : { status: 'queued' as const }),
      })
      .where(eq(mailOutbox.id, row.id));
    if (failed) {
      notBefore.delete(row.id);
      log.error({ mailId: row.id, to: row.to, attempts, err: lastError }, 'mail failed permanently');
    } else {
      notBefore.set(row.id, now() + backoffMs(attempts));
      log.warn({ mailId: row.id, to: row.to, attempts, err: lastError }, 'mail send failed, will retry');
    }
    return failed;
  }

  /** Marks rows sent in one statement (attempts counted per row). */
  async function recordSent(q: Db | Tx, rows: OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) notBefore.delete(row.id);
    // Rare (verification mails): a subject naming the code is rewritten row by row.
    for (const row of rows) {
      const subject = purgedSubject(row);
      if (subject !== row.subject) await q.update(mailOutbox).set({ subject }).where(eq(mailOutbox.id, row.id));
    }
    await q
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, ...PURGED_BODY })
      .where(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
  }

  /** Sends one row; true when it was sent. */
  async function trySend(q: Db | Tx, row: OutboxRow): Promise<{ sent: true } | { sent: false; left: boolean }> {
    try {
      await mailer.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.html ? { html: row.html } : {}),
        ...(row.attachments?.length
          ? {
              attachments: row.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.contentBase64, 'base64'),
              })),
            }
          : {}),
      });
      return { sent: true };
    } catch (error) {
      return { sent: false, left: await recordFailure(q, row, error) };
    }
  }

  /** One pass over at most `batchSize` due rows; returns how many were tried. */
  async function processBatch(skip: Set<string>): Promise<number> {
    if (!lockWhileSending) {
      const rows = await claimQuery(db, skip, batchSize);
      const sent: OutboxRow[] = [];
      try {
        for (const row of rows) {
          const result = await trySend(db, row);
          if (result.sent) sent.push(row);
          // Only a row still queued (a failed try) needs skipping for the rest of this pass; sent
          // rows no longer match, and listing them would grow the query with every mail.
          else if (!result.left) skip.add(row.id);
        }
      } finally {
        // One UPDATE for the whole batch: under an order burst the worker shares the embedded
        // database's single connection with checkouts, so one statement per mail would halve them.
        await recordSent(db, sent);
      }
      return rows.length;
    }
    // One short transaction per row: the lock lives exactly as long as that row's send.
    let tried = 0;
    while (tried < batchSize) {
      const got = await db.transaction(async (tx) => {
        const [row] = await claimQuery(tx, skip, 1);
        if (!row) return false;
        const result = await trySend(tx, row);
        if (result.sent) await recordSent(tx, [row]);
        else if (!result.left) skip.add(row.id);
        return true;
      });
      if (!got) break;
      tried++;
    }
    return tried;
  }

  async function drainOnce(): Promise<number> {
    const skip = new Set<string>();
    let total = 0;
    for (;;) {
      const tried = await processBatch(skip);
      total += tried;
      if (tried < batchSize) return total;
    }
  }

  return { drain: drainOnce };
}

function usesPglite(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/** Sending is failing: since when, how many mails wait, and the last error (raw, and as a cause). */
export interface MailTrouble {
  since: Date;
  waiting: number;
  attempts: number;
  lastError: string;
  cause: MailFailureCause;
}

/**
 * Whether sending mails fails now, read from the outbox alone (any instance can answer): a mail
 * queued after the last one sent has failed a try (or given up). Null once a mail is sent again,
 * so the owner's notice goes away by itself. The table keeps no time of each try, so "since" is
 * when the first of those mails was queued (it is tried within seconds).
 */
export async function mailTrouble(db: Db | Tx): Promise<MailTrouble | null> {
  const failing = and(
    isNotNull(mailOutbox.lastError),
    inArray(mailOutbox.status, ['queued', 'failed']),
    // Queued after the last mail sent (microseconds compared in the database).
    sql`${mailOutbox.createdAt} > coalesce((select max(${mailOutbox.sentAt}) from ${mailOutbox} where ${mailOutbox.status} = 'sent'), '-infinity')`,
  );
  // Counted in the database: a long outage may hold many mails, read on every dashboard visit.
  const [summary] = await db
    .select({
      since: sql<Date | null>`min(${mailOutbox.createdAt})`.mapWith(mailOutbox.createdAt),
      attempts: sql<number>`coalesce(max(${mailOutbox.attempts}), 0)::int`,
    })
    .from(mailOutbox)
    .where(failing);
  if (!summary?.since) return null;
  const [last] = await db
    .select({ lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(failing)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const [queued] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'queued'));
  const lastError = last?.lastError ?? '';
  return {
    since: summary.since,
    waiting: Number(queued?.count ?? 0),
    attempts: Number(summary.attempts),
    lastError,
    cause: mailFailureCause(lastError),
  };
}

/**
 * The cause of a failed send in a word the owner's screens put into plain text: the mail server
 * does not answer (refused, timed out, unknown host, connection dropped), it refused the login, or
 * something else.
 */
export function mailFailureCause(error: string): MailFailureCause {
  if (/\bEAUTH\b|invalid login|authentication|\b53[45]\b|username and password/i.test(error)) return 'login';
  if (
    /ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ESOCKET|ECONNECTION|EDNS|timeout|timed out|greeting never received|connection closed/i.test(
      error,
    )
  )
    return 'unreachable';
  return 'other';
}
