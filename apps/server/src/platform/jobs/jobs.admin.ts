/**
 * The owner's view of the jobs runtime: background work that fails now or gave up, read from the
 * `jobs` table (so it works on any instance, whichever one runs the jobs), and a retry of a queued
 * job that gave up. The mail job catches each mail's failure itself (the outbox keeps it on the
 * mail's row and tries again), so sending that fails is read from the outbox and shown first, as
 * one entry counting the mails that wait. Admin only (jobs.routes.ts).
 */
import type { AdminJobFailure } from '@atelier/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { Conflict, NotFound } from '../errors';
import { mailTrouble } from '../mail/outbox';

const LIMIT = 100;

/** The id of the mail outbox's entry: it is not a row of `jobs`, so it can never be retried by id. */
export const MAIL_OUTBOX_ENTRY_ID = 'mail-outbox';

export function createJobsAdmin(db: Db, now: () => Date = () => new Date()) {
  return {
    async failures(): Promise<AdminJobFailure[]> {
      const rows = await db
        .select()
        .from(jobs)
        .where(isNotNull(jobs.lastError))
        .orderBy(desc(jobs.updatedAt))
        .limit(LIMIT);
      const mail = await mailTrouble(db);
      const mailEntry: AdminJobFailure[] = mail
        ? [
            {
              id: MAIL_OUTBOX_ENTRY_ID,
              name: 'mail.send',
              recurring: true,
              since: mail.since.toISOString(),
              attempts: mail.attempts,
              nextTryAt: null,
              gaveUp: false,
              details: mail.lastError,
              mail: { waiting: mail.waiting, cause: mail.cause },
            },
          ]
        : [];
      const jobRows = rows.map((row): AdminJobFailure => {
        const recurring = row.key === '';
        const gaveUp = row.state === 'failed';
        const since = recurring ? (row.failedAt ?? row.updatedAt) : row.createdAt;
        return {
          id: row.id,
          name: row.name,
          recurring,
          since: since.toISOString(),
          attempts: row.attempts,
          nextTryAt: gaveUp ? null : row.runAt.toISOString(),
          gaveUp,
          details: row.lastError ?? '',
          mail: null,
        };
      });
      return [...mailEntry, ...jobRows];
    },

    /**
     * Queues a job that gave up again, due now, with its tries counted afresh; its last error stays
     * shown until it succeeds. A job already waiting is left as it is (a repeated click).
     */
    async retry(id: string): Promise<void> {
      const [row] = await db
        .select({ state: jobs.state, key: jobs.key, attempts: jobs.attempts })
        .from(jobs)
        .where(eq(jobs.id, id));
      if (!row) throw new NotFound();
      const at = now();
      const updated = await db
        .update(jobs)
        .set({ state: 'queued', runAt: at, attempts: 0, failedAt: null, updatedAt: at })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
        .returning({ id: jobs.id });
      if (updated.length > 0) return;
      // Already queued again and not run yet (a second click, or another admin): nothing to do.
      // Anything else (a recurring pass, work still being retried) is not failed: 409.
      if (row.key !== '' && row.state === 'queued' && row.attempts === 0) return;
      throw new Conflict();
    },
  };
}

export type JobsAdmin = ReturnType<typeof createJobsAdmin>;
