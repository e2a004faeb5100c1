/** Learning: owned lessons and courses, watch progress and credit, certificates, player settings, student works. */
import type { Image, PlayerSettings } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses, lessons } from './catalogue';
import { createdAt, id, localized, updatedAt } from './columns';
import { orders } from './orders';

/** Lessons and courses a user owns. */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    pricePaidRub: integer('price_paid_rub').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_user_lesson_key').on(t.userId, t.lessonId).where(sql`${t.lessonId} is not null`),
    uniqueIndex('purchases_user_course_key').on(t.userId, t.courseId).where(sql`${t.courseId} is not null`),
  ],
);
/**
 * A learner's progress in one lesson: where they stopped, the stretches of the video credited as
 * watched (merged, in tenths of a second: `[[from, to], …]`), and when it was completed (once
 * watched to COMPLETION_SHARE; it stays completed). docs/decisions/0044.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    watched: jsonb('watched').$type<[number, number][]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('video_progress_lesson_idx').on(t.lessonId),
    index('video_progress_recent_idx').on(t.userId, t.updatedAt),
  ],
);
/**
 * How much watching a learner may still be credited: a bucket of video seconds that refills at
 * the fastest playback speed per second of wall-clock time, up to a small cap. One row per account,
 * locked by every report that credits time, so all of a learner's reports run one at a time.
 */
export const watchCredit = pgTable('watch_credit', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Video seconds left in the bucket at `refilledAt`. */
  seconds: doublePrecision('seconds').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});
/**
 * A course certificate: issued once per learner and course when every lesson of the course with a
 * video is completed. The name and the course title are kept as they were that day; the code is
 * the random, unguessable key of the public verification page.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    courseTitle: localized('course_title'),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the access that earned it ended (its course order cancelled); null = valid. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId).where(sql`${t.courseId} is not null`),
  ],
);
/** The lesson player's settings of an account (speed, mirror, subtitles), as one small JSON. */
export const playerSettings = pgTable('player_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<PlayerSettings>().notNull(),
  updatedAt: updatedAt(),
});
/**
 * A photo of what a student made after a lesson, moderated like reviews. The author's account may
 * go (the work stays, under the first name it was posted with); the lesson's deletion takes it.
 * `image` is null once a rejected work's photo has been removed.
 */
export const studentWorks = pgTable(
  'student_works',
  {
    id: id(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    caption: text('caption').notNull().default(''),
    image: jsonb('image').$type<Image | null>(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_works_lesson_idx').on(t.lessonId, t.status, t.createdAt),
    index('student_works_status_idx').on(t.status, t.createdAt),
    index('student_works_user_idx').on(t.userId, t.lessonId),
  ],
);
