import { z } from 'zod';
import { CurrencySchema, ImageSchema, LocalizedTextSchema, PriceSchema } from './base-schemas';
import { GiftCodeInputSchema } from './gift-certificates';
import { LANGUAGES } from './i18n';
import { ConsentRefsSchema } from './legal';
import { ChapterSchema } from './lesson-player';
import { OrderSchema } from './orders';
import { LESSON_LEVELS } from './training.constants';

/**
 * "What you'll learn" and "Materials": one point per line in each language (the pages show a list).
 * Written with the lesson or course; an empty text in every language is stored as none.
 */
export const PointsTextSchema = z.object({
  ru: z.string().trim().max(4000),
  en: z.string().trim().max(4000).optional(),
  es: z.string().trim().max(4000).optional(),
});

/** What is stored of a written points text: null when every language is empty. */
export function storedPoints(
  text: z.infer<typeof PointsTextSchema> | null | undefined,
): { ru: string; en?: string; es?: string } | null {
  if (!text) return null;
  const kept: { ru: string; en?: string; es?: string } = { ru: text.ru };
  if (text.en) kept.en = text.en;
  if (text.es) kept.es = text.es;
  return kept.ru || kept.en || kept.es ? kept : null;
}

/** A preview clip (the trailer) is at most this large. */
export const PREVIEW_MAX_BYTES = 200 * 1024 * 1024;

export const LessonSchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  level: z.enum(LESSON_LEVELS),
  price: PriceSchema,
  durationMinutes: z.number().int().positive().optional(),
  hasVideo: z.boolean(),
  methodologyLanguages: z.array(z.enum(LANGUAGES)),
  purchased: z.boolean(),
  poster: ImageSchema.nullable(),
  /** A public preview clip exists: `GET /api/training/lessons/{id}/preview` plays it to anyone. */
  hasPreview: z.boolean().optional(),
  /** "What you'll learn" and "Materials" (one point per line), when the admin gave them. */
  outcomes: LocalizedTextSchema.optional(),
  materials: LocalizedTextSchema.optional(),
  createdAt: z.iso.datetime(),
});
export type Lesson = z.infer<typeof LessonSchema>;

// ---------------------------------------------------------------- admin: lessons

/** Admin create/update of a lesson (the `data` part of the multipart form, or a JSON body). */
export const LessonWriteSchema = z
  .object({
    number: z.number().int().min(1).max(100_000),
    title: LocalizedTextSchema.extend({ ru: z.string().trim().min(1).max(200) }),
    description: LocalizedTextSchema.extend({ ru: z.string().trim().max(20_000) }),
    level: z.enum(LESSON_LEVELS),
    price: z.object({
      rub: z.number().nonnegative().max(10_000_000),
      eur: z.number().nonnegative().max(1_000_000).nullable(),
      usd: z.number().nonnegative().max(1_000_000).nullable(),
    }),
    durationMinutes: z.number().int().min(1).max(10_000).nullable().optional(),
    outcomes: PointsTextSchema.nullable().optional(),
    materials: PointsTextSchema.nullable().optional(),
    published: z.boolean().default(true),
    /** Update only: drop the stored video / preview / poster / methodology sheets of these languages. */
    removeVideo: z.boolean().optional(),
    removePreview: z.boolean().optional(),
    removePoster: z.boolean().optional(),
    removeMethodology: z.array(z.enum(LANGUAGES)).optional(),
  })
  .strict();
export type LessonWrite = z.infer<typeof LessonWriteSchema>;

export const StoredFileInfoSchema = z.object({ filename: z.string(), size: z.number().int().nonnegative() });

export const AdminLessonSchema = LessonSchema.extend({
  published: z.boolean(),
  video: StoredFileInfoSchema.nullable(),
  preview: StoredFileInfoSchema.nullable(),
  methodology: z.object({
    ru: StoredFileInfoSchema.optional(),
    en: StoredFileInfoSchema.optional(),
    es: StoredFileInfoSchema.optional(),
  }),
  updatedAt: z.iso.datetime(),
});
export type AdminLesson = z.infer<typeof AdminLessonSchema>;

/** Largest methodology sheet (PDF) and poster accepted by the admin form. */
export const METHODOLOGY_MAX_BYTES = 30 * 1024 * 1024;
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------- admin: promo codes

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** A promo code; codes are stored upper-case and matched case-insensitively. */
export const PromoCodeWriteSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(PROMO_CODE_PATTERN)
      .transform((value) => value.toUpperCase()),
    percentOff: z.number().int().min(1).max(100),
    lessonIds: z.array(z.uuid()).max(500).default([]),
    /** Courses the code applies to. Both lists empty = every lesson and every course. */
    courseIds: z.array(z.uuid()).max(500).default([]),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    active: z.boolean().default(true),
  })
  .strict();
export type PromoCodeWrite = z.input<typeof PromoCodeWriteSchema>;

export const PromoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  percentOff: z.number().int(),
  lessonIds: z.array(z.uuid()),
  courseIds: z.array(z.uuid()),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime().nullable(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

// ---------------------------------------------------------------- purchase

export const PromoCodeInputSchema = z.string().trim().max(40);

export const PurchaseLessonBodySchema = z
  .object({
    promoCode: PromoCodeInputSchema.optional(),
    /** Display currency of the order (RUB by card; EUR/USD go through PayPal). */
    currency: CurrencySchema.default('RUB'),
    /** A gift certificate in that currency pays what it can; the rest is paid as usual. */
    giftCertificateCode: GiftCodeInputSchema.optional(),
    /** The consent versions the dialog showed: the cross-border one when paying through PayPal. */
    consents: ConsentRefsSchema,
  })
  .strict();
export type PurchaseLessonBody = z.infer<typeof PurchaseLessonBodySchema>;

export const PromoCheckBodySchema = z.object({ promoCode: PromoCodeInputSchema.min(1) }).strict();

/** Live promo check: the lesson price before and after the code, in every currency it is sold in. */
export const PromoQuoteSchema = z.object({
  code: z.string(),
  percentOff: z.number().int(),
  price: PriceSchema,
  discountedPrice: PriceSchema,
  free: z.boolean(),
});
export type PromoQuote = z.infer<typeof PromoQuoteSchema>;

/**
 * Minor units after `percentOff` percent off, rounded to the nearest minor unit (half up).
 * 100 % is always exactly 0.
 */
export function applyPercentOff(minor: number, percentOff: number): number {
  if (percentOff >= 100) return 0;
  return Math.round((minor * (100 - percentOff)) / 100);
}

/**
 * A price in the order's currency (minor units) once a discount given in roubles is taken off:
 * scaled like the RUB amount, `currencyMinor × afterRubMinor / rubMinor`, rounded to the minor
 * unit. A promo code and a course's credit are RUB discounts; the purchase dialog's quotes and the
 * order's `totalInCurrency` both use this one rule, so PayPal asks for what the dialog showed.
 */
export function scaleLikeRub(currencyMinor: number, rubMinor: number, afterRubMinor: number): number {
  if (rubMinor <= 0 || afterRubMinor >= rubMinor) return currencyMinor;
  if (afterRubMinor <= 0) return 0;
  return Math.round((currencyMinor * afterRubMinor) / rubMinor);
}

export const PurchaseResultSchema = z.object({
  /** true when the lesson is unlocked already (zero total: a free lesson or a 100 % code). */
  purchased: z.boolean(),
  /** The order of the lesson; when not `purchased`, pay it through `POST /api/payments`. */
  order: OrderSchema,
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

export const LessonPurchaseSchema = z.object({
  id: z.uuid(),
  lesson: LessonSchema,
  purchasedAt: z.iso.datetime(),
  /** RUB paid, major units. */
  pricePaid: z.number().nonnegative(),
  orderId: z.uuid().nullable(),
});
export type LessonPurchase = z.infer<typeof LessonPurchaseSchema>;

// ---------------------------------------------------------------- protected files (progress: progress.ts)

/**
 * Short-lived signed URLs for a purchaser (or admin): `<video src>` and download links cannot send
 * an Authorization header, so the URL itself carries the proof, bound to user + lesson + file.
 */
export const LessonAccessSchema = z.object({
  video: z.string().nullable(),
  /**
   * Signed URL of the HLS master playlist when the video has been transcoded into renditions
   * (null: play `video`, the MP4 with HTTP Range). Every playlist and segment under it carries the
   * same signature in its path.
   */
  hls: z.string().nullable(),
  methodology: z.object({ ru: z.string().optional(), en: z.string().optional(), es: z.string().optional() }),
  /** Signed URLs of the WebVTT subtitles per language (served as text/vtt). */
  subtitles: z.object({ ru: z.string().optional(), en: z.string().optional(), es: z.string().optional() }),
  /** The lesson's chapters by start time; like the files, only for purchasers and admins. */
  chapters: z.array(ChapterSchema),
  expiresAt: z.iso.datetime(),
  positionSeconds: z.number().int().nonnegative(),
});
export type LessonAccess = z.infer<typeof LessonAccessSchema>;

/** The heights of the HLS renditions made, at most the source's. */
export const HLS_HEIGHTS = [360, 720, 1080] as const;

/** The HLS transcode of a lesson video as the admin sees it. */
export const LessonHlsStatusSchema = z.object({
  /** False when the server cannot transcode (no ffmpeg, or HLS=off): lessons play the MP4. */
  enabled: z.boolean(),
  /** none = no job for the current video; done = the renditions below are played. */
  state: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  /** Percent of the current job done. */
  progress: z.number().int().min(0).max(100),
  /** When the running job started (null unless running). */
  startedAt: z.iso.datetime().nullable(),
  /** Seconds the running job should still take, from its pace so far (null until it can be told). */
  secondsLeft: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  /** Heights of the renditions the lesson plays now (empty: the MP4). */
  renditions: z.array(z.number().int()),
});
export type LessonHlsStatus = z.infer<typeof LessonHlsStatusSchema>;

export const SignedFileQuerySchema = z.object({
  u: z.uuid().optional(),
  e: z.coerce.number().int().positive().optional(),
  s: z.string().max(128).optional(),
});

// ---------------------------------------------------------------- courses and master classes

/**
 * Course levels: beginner / intermediate / advanced, stored with the lesson values (`basic` =
 * beginner) so lessons and courses filter the same way; the web names them `training.levels.<level>`.
 */
export const COURSE_LEVELS = LESSON_LEVELS;

/** A lesson as listed inside a course (in course order). */
export const CourseLessonSchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  title: LocalizedTextSchema,
  level: z.enum(LESSON_LEVELS),
  durationMinutes: z.number().int().positive().nullable(),
  hasVideo: z.boolean(),
  poster: ImageSchema.nullable(),
  position: z.number().int().nonnegative(),
});
export type CourseLesson = z.infer<typeof CourseLessonSchema>;

export const CourseSchema = z.object({
  id: z.uuid(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  level: z.enum(COURSE_LEVELS),
  isMasterClass: z.boolean(),
  /** Set by the admin, or the sum of its lessons' durations; null when neither is known. */
  durationMinutes: z.number().int().positive().nullable(),
  price: PriceSchema,
  cover: ImageSchema.nullable(),
  /** Live master class: date/time and place (null = a recorded course/session). */
  eventAt: z.iso.datetime().nullable(),
  eventPlace: z.string().nullable(),
  /** null = no seat limit. */
  seatLimit: z.number().int().positive().nullable(),
  seatsLeft: z.number().int().nonnegative().nullable(),
  soldOut: z.boolean(),
  lessons: z.array(CourseLessonSchema),
  /** For the signed-in viewer (false / 0 / the list price for guests). */
  purchased: z.boolean(),
  /** RUB the viewer already paid for lessons of this course, credited against its price. */
  credit: z.number().nonnegative(),
  /** The price for the viewer after the credit, never below zero. */
  priceForYou: PriceSchema,
  outcomes: LocalizedTextSchema.optional(),
  materials: LocalizedTextSchema.optional(),
  createdAt: z.iso.datetime(),
});
export type Course = z.infer<typeof CourseSchema>;

export const CourseListQuerySchema = z.object({
  kind: z.enum(['all', 'courses', 'masterClasses']).default('all'),
});
export type CourseListQuery = z.infer<typeof CourseListQuerySchema>;

export const CourseWriteSchema = z
  .object({
    title: LocalizedTextSchema.extend({ ru: z.string().trim().min(1).max(200) }),
    description: LocalizedTextSchema.extend({ ru: z.string().trim().max(20_000) }),
    level: z.enum(COURSE_LEVELS),
    isMasterClass: z.boolean().default(false),
    /** null = computed from the lessons. */
    durationMinutes: z.number().int().min(1).max(100_000).nullable().optional(),
    price: z.object({
      rub: z.number().nonnegative().max(10_000_000),
      eur: z.number().nonnegative().max(1_000_000).nullable(),
      usd: z.number().nonnegative().max(1_000_000).nullable(),
    }),
    eventAt: z.iso.datetime({ offset: true }).nullable().optional(),
    eventPlace: z.string().trim().max(300).nullable().optional(),
    seatLimit: z.number().int().min(1).max(100_000).nullable().optional(),
    outcomes: PointsTextSchema.nullable().optional(),
    materials: PointsTextSchema.nullable().optional(),
    /** Lessons of the course in order (a lesson belongs to at most one course). */
    lessonIds: z
      .array(z.uuid())
      .max(200)
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate lesson' }),
    published: z.boolean().default(true),
    removeCover: z.boolean().optional(),
  })
  .strict();
export type CourseWrite = z.input<typeof CourseWriteSchema>;

export const AdminCourseSchema = CourseSchema.extend({
  published: z.boolean(),
  /** The duration the admin set (null = computed). */
  durationSet: z.number().int().positive().nullable(),
  seatsTaken: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime(),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

export const CoursePurchaseSchema = z.object({
  id: z.uuid(),
  course: CourseSchema,
  purchasedAt: z.iso.datetime(),
  pricePaid: z.number().nonnegative(),
  orderId: z.uuid().nullable(),
});
export type CoursePurchase = z.infer<typeof CoursePurchaseSchema>;

/** Live promo check on a course: list price, after the code, and after the code and the credit. */
export const CourseQuoteSchema = PromoQuoteSchema.extend({ credit: z.number().nonnegative(), toPay: PriceSchema });
export type CourseQuote = z.infer<typeof CourseQuoteSchema>;
