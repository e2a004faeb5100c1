/**
 * HLS renditions of lesson videos (decision 0047). When ffmpeg is there (and HLS is not off), every
 * uploaded video gets a transcode job, kept in `lesson_transcodes` so it survives a restart. The
 * `lessons.hls` job (every 5 s, jobs.ts) takes one transcode at a time: it claims it with a lease (FOR UPDATE SKIP LOCKED, so
 * of several instances exactly one transcodes a given video), renews the lease with the progress
 * while ffmpeg runs, and a job whose lease ran out (its instance stopped or crashed) is taken up
 * again by whichever instance passes next; the embedded database has a single process, so there
 * unfinished jobs are taken up again at once when the jobs start (`requeueOrphans`).
 *
 * The renditions are written under a new prefix `lessons/hls/<lesson>/<job>/` and the lesson's
 * pointer (`lessons.hls`) is switched to them in one row update, only if the lesson still has the
 * video they were made from; the renditions it replaced are deleted after. A new upload clears the
 * pointer in the same update that stores the new video (the lesson plays the new MP4 until its
 * renditions are done), so a player never mixes two videos.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { LessonHlsStatus } from '@atelier/shared';
import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type HlsRef, lessons, lessonTranscodes } from '../../db/schema';
import { Conflict, NotFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage/storage';
import { type Ffmpeg, hlsContentType, type TranscodeResult, transcodeToHls } from './lessons.hls.transcode';

export interface HlsLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface LessonHlsDeps {
  db: Db;
  storage: Storage;
  /** null = HLS off (no ffmpeg, or HLS=off): nothing is queued and lessons play the MP4. */
  ffmpeg: Ffmpeg | null;
  log: HlsLog;
  /** True when no other process can share the database (PGlite): running jobs at start are orphans. */
  singleProcess?: boolean;
  /** How long a claimed job is held without a renewal. */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 60_000;

type JobRow = typeof lessonTranscodes.$inferSelect;

/**
 * The time a running job should still take at the pace it has kept: null before 2 % (too early to
 * tell), never negative.
 */
export function secondsLeft(startedAt: Date, fraction: number, now = Date.now()): number | null {
  if (fraction < 0.02) return null;
  const elapsed = Math.max(0, (now - startedAt.getTime()) / 1000);
  return Math.max(0, Math.round((elapsed * (1 - Math.min(1, fraction))) / fraction));
}

/** The storage prefix of one lesson's renditions, or of one version of them. */
export const hlsPrefix = (lessonId: string) => `lessons/hls/${lessonId}/`;
/** Where one attempt of a job writes: `<job>.<attempt>/`. */
const attemptPrefix = (job: Pick<JobRow, 'lessonId' | 'id' | 'attempts'>) =>
  `${hlsPrefix(job.lessonId)}${job.id}.${job.attempts}/`;

class Superseded extends Error {}
/** The server is stopping: the job goes back to the queue, to be done again from the start. */
class Stopping extends Error {}

export function createLessonHls({
  db,
  storage,
  ffmpeg,
  log,
  singleProcess = false,
  leaseMs = DEFAULT_LEASE_MS,
}: LessonHlsDeps) {
  /** The job being transcoded by this process, to be stopped with the server. */
  let current: AbortController | null = null;
  /** The running pass's stop signal (the server stopping). */
  let stopSignal: AbortSignal | undefined;
  /** Deletes every stored object under `prefix` (the store is walked: renditions have many segments). */
  async function removePrefix(prefix: string, except?: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of storage.list('private')) {
      if (object.key.startsWith(prefix) && !(except && object.key.startsWith(except))) keys.push(object.key);
    }
    await Promise.allSettled(keys.map((key) => storage.delete('private', key)));
  }

  /** The job's row while this attempt still holds it (another instance's claim bumps `attempts`). */
  const mine = (job: JobRow) =>
    and(
      eq(lessonTranscodes.id, job.id),
      eq(lessonTranscodes.state, 'running'),
      eq(lessonTranscodes.attempts, job.attempts),
    );

  /** Claims the oldest queued job, or a running one whose lease ran out; null when there is none. */
  async function claim(): Promise<JobRow | null> {
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(lessonTranscodes)
        .where(
          or(
            eq(lessonTranscodes.state, 'queued'),
            and(eq(lessonTranscodes.state, 'running'), lt(lessonTranscodes.leaseUntil, new Date())),
          ),
        )
        .orderBy(lessonTranscodes.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      const [claimed] = await tx
        .update(lessonTranscodes)
        .set({
          state: 'running',
          progress: 0,
          error: null,
          attempts: sql`${lessonTranscodes.attempts} + 1`,
          leaseUntil: new Date(Date.now() + leaseMs),
          startedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(lessonTranscodes.id, job.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** Renews the lease with the progress; false when the job is gone (a newer upload, a deleted lesson). */
  async function heartbeat(job: JobRow, fraction: number): Promise<boolean> {
    const rows = await db
      .update(lessonTranscodes)
      .set({
        progress: Math.min(999, Math.floor(fraction * 1000)),
        leaseUntil: new Date(Date.now() + leaseMs),
        updatedAt: new Date(),
      })
      .where(mine(job))
      .returning({ id: lessonTranscodes.id });
    return rows.length > 0;
  }

  /** Transcodes, stores and switches the lesson to one job's renditions. */
  async function transcodeJob(job: JobRow): Promise<void> {
    if (!ffmpeg) return;
    const [lesson] = await db
      .select({ video: lessons.video })
      .from(lessons)
      .where(eq(lessons.id, job.lessonId))
      .limit(1);
    if (!lesson || lesson.video?.key !== job.sourceKey) {
      await db.delete(lessonTranscodes).where(eq(lessonTranscodes.id, job.id));
      return;
    }
    // Each attempt writes its own directory: an attempt taken over after its lease ran out may still
    // be writing, and must not mix its files with (or delete) the new attempt's.
    const prefix = attemptPrefix(job);
    const work = await mkdtemp(join(tmpdir(), 'atelier-hls-'));
    const abort = new AbortController();
    current = abort;
    if (stopSignal?.aborted) abort.abort(new Stopping());
    let fraction = 0;
    let beating = Promise.resolve();
    const timer = setInterval(
      () => {
        beating = beating
          .then(async () => {
            if (!(await heartbeat(job, fraction))) abort.abort(new Superseded());
          })
          .catch(() => undefined);
      },
      Math.max(500, Math.floor(leaseMs / 4)),
    );
    timer.unref();
    const started = Date.now();
    try {
      const input = join(work, 'source');
      await pipeline(await storage.read('private', job.sourceKey), createWriteStream(input));
      const out = join(work, 'out');
      const uploaded = new Set<string>();
      /** Stores the files not stored yet (the master last) and points the lesson at them. */
      const publish = async (result: TranscodeResult, final: boolean) => {
        const files = result.files.filter((name) => name === 'master.m3u8' || !uploaded.has(name));
        for (const [index, name] of files.entries()) {
          await storage.put('private', `${prefix}${name}`, await readFile(join(out, name)), hlsContentType(name));
          uploaded.add(name);
          if (final) fraction = 0.95 + (0.05 * (index + 1)) / files.length;
          if (abort.signal.aborted) throw new Superseded();
        }
        const ref: HlsRef = { version: job.id, prefix, sourceKey: job.sourceKey, renditions: result.renditions };
        const replaced = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ video: lessons.video, hls: lessons.hls })
            .from(lessons)
            .where(eq(lessons.id, job.lessonId))
            .for('update');
          if (!row || row.video?.key !== job.sourceKey) throw new Superseded();
          const still = await tx
            .update(lessonTranscodes)
            .set(
              final
                ? { state: 'done', progress: 1000, error: null, leaseUntil: null, updatedAt: new Date() }
                : { updatedAt: new Date() },
            )
            .where(mine(job))
            .returning({ id: lessonTranscodes.id });
          if (still.length === 0) throw new Superseded();
          await tx.update(lessons).set({ hls: ref }).where(eq(lessons.id, job.lessonId));
          return row.hls;
        });
        if (replaced && replaced.prefix !== prefix) await removePrefix(replaced.prefix);
      };
      const result = await transcodeToHls(
        ffmpeg,
        input,
        out,
        (f) => (fraction = f * 0.95),
        abort.signal,
        // The lowest rendition plays while the others are made.
        (first) => publish(first, false),
      );
      if (abort.signal.aborted) throw new Superseded();
      await publish(result, true);
      // Earlier attempts of this job that died half-way left their directories.
      if (job.attempts > 1) await removePrefix(`${hlsPrefix(job.lessonId)}${job.id}.`, prefix);
      log.info(
        {
          lessonId: job.lessonId,
          job: job.id,
          renditions: result.renditions.map((r) => r.height),
          ms: Date.now() - started,
        },
        'lesson video transcoded to HLS',
      );
    } catch (error) {
      // The lowest rendition may be published already: the lesson keeps playing it until a newer
      // set replaces it (which deletes this prefix then).
      const [row] = await db.select({ hls: lessons.hls }).from(lessons).where(eq(lessons.id, job.lessonId)).limit(1);
      if (row?.hls?.prefix !== prefix) await removePrefix(prefix);
      if (abort.signal.reason instanceof Stopping) {
        await db
          .update(lessonTranscodes)
          .set({ state: 'queued', progress: 0, leaseUntil: null, updatedAt: new Date() })
          .where(mine(job));
        return;
      }
      if (error instanceof Superseded || abort.signal.aborted) {
        // Gone (a newer upload, a deleted lesson) or taken over by another instance: its row is
        // not this attempt's any more, and only a row still held by this attempt is removed.
        await db.delete(lessonTranscodes).where(mine(job));
        return;
      }
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      log.error({ lessonId: job.lessonId, job: job.id, err: error }, 'lesson video transcode failed');
      await db
        .update(lessonTranscodes)
        .set({ state: 'failed', error: message, leaseUntil: null, updatedAt: new Date() })
        .where(mine(job));
    } finally {
      current = null;
      clearInterval(timer);
      await beating;
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Every queued transcode, one after the other; resolves with how many were taken. When `signal`
   * aborts (the server is stopping) the transcode in flight is abandoned and queued again.
   */
  async function runPending(signal?: AbortSignal): Promise<number> {
    if (!ffmpeg) return 0;
    const onAbort = () => current?.abort(new Stopping());
    signal?.addEventListener('abort', onAbort);
    stopSignal = signal;
    try {
      let n = 0;
      while (!signal?.aborted) {
        const job = await claim();
        if (!job) break;
        await transcodeJob(job);
        n++;
      }
      return n;
    } finally {
      stopSignal = undefined;
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function latestJob(lessonId: string): Promise<JobRow | null> {
    const [job] = await db
      .select()
      .from(lessonTranscodes)
      .where(eq(lessonTranscodes.lessonId, lessonId))
      .orderBy(desc(lessonTranscodes.createdAt))
      .limit(1);
    return job ?? null;
  }

  /** Queues a transcode of the lesson's video (any older job of the lesson is dropped). */
  async function enqueue(lessonId: string, sourceKey: string): Promise<void> {
    if (!ffmpeg) return;
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx
        .delete(lessonTranscodes)
        .where(and(eq(lessonTranscodes.lessonId, lessonId), ne(lessonTranscodes.state, 'done')));
      await tx.insert(lessonTranscodes).values({ id, lessonId, sourceKey });
    });
  }

  return {
    enabled: ffmpeg !== null,
    enqueue,
    removePrefix,
    runPending,
    /** Runs the worker's pass now (tests; every queued job is done when it resolves). */
    runNow: () => runPending(),
    /** On the embedded database, transcodes marked running at start were cut short by a crash: queued again. */
    async requeueOrphans(): Promise<void> {
      if (!ffmpeg || !singleProcess) return;
      await db
        .update(lessonTranscodes)
        .set({ state: 'queued', leaseUntil: null })
        .where(eq(lessonTranscodes.state, 'running'));
    },

    async status(lessonId: string): Promise<LessonHlsStatus> {
      const [lesson] = await db
        .select({ video: lessons.video, hls: lessons.hls })
        .from(lessons)
        .where(eq(lessons.id, lessonId))
        .limit(1);
      if (!lesson) throw new NotFound();
      const job = await latestJob(lessonId);
      const current = job && job.sourceKey === lesson.video?.key ? job : null;
      const running = current?.state === 'running' && current.startedAt ? current : null;
      return {
        enabled: ffmpeg !== null,
        state: current?.state ?? 'none',
        progress: current ? Math.floor(current.progress / 10) : 0,
        startedAt: running?.startedAt?.toISOString() ?? null,
        secondsLeft: running?.startedAt ? secondsLeft(running.startedAt, running.progress / 1000) : null,
        error: current?.error ?? null,
        renditions: lesson.hls?.renditions.map((r) => r.height) ?? [],
      };
    },

    /** Queues the current video again (after a failure, or when it never had a job); 409 while one runs. */
    async retry(lessonId: string): Promise<LessonHlsStatus> {
      if (!ffmpeg) throw new Conflict('hlsUnavailable', undefined, 'HLS_UNAVAILABLE');
      const [lesson] = await db.select({ video: lessons.video }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
      if (!lesson) throw new NotFound();
      if (!lesson.video) throw new NotFound('videoNotUploaded', 'VIDEO_NOT_UPLOADED');
      const active = await db
        .select({ id: lessonTranscodes.id })
        .from(lessonTranscodes)
        .where(and(eq(lessonTranscodes.lessonId, lessonId), inArray(lessonTranscodes.state, ['queued', 'running'])));
      if (active.length > 0) throw new Conflict('hlsJobActive', undefined, 'HLS_JOB_ACTIVE');
      await enqueue(lessonId, lesson.video.key);
      return this.status(lessonId);
    },
  };
}
export type LessonHls = ReturnType<typeof createLessonHls>;
