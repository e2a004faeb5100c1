/**
 * Courses and master classes (issue 8): public list/page, the purchase (promo code, credit for
 * lessons already bought, seats of live master classes), admin CRUD, SEO.
 *
 * Buying: one transaction takes a seat (seat-limited master classes), redeems the promo code,
 * computes the credit and places a one-line `course` order through the orders service. A zero total
 * is confirmed at once by orders and the `orderConfirmed` listener of training.purchase.ts grants
 * the course; its lessons are unlocked through `lessons.course_id`.
 */
import {
  type AdminCourse,
  applyPercentOff,
  type Course,
  type CourseListQuery,
  type CoursePurchase,
  type CourseQuote,
  type CourseWriteSchema,
  type Currency,
  fromMinor,
  type Image,
  type Language,
  localize,
  type Price,
  type PurchaseResult,
  priceFromMinor,
  priceToMinor,
} from '@atelier/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { DomainHooks } from '../../platform/hooks';
import type { PublicCache } from '../../platform/http/public-cache';
import type { SeoResult, SitemapEntry } from '../../platform/http/seo';
import { absoluteUrl, offersJsonLd } from '../../platform/http/seo';
import type { ImagePipeline } from '../../platform/images/images';
import type { PromoRecord, TrainingAdminRepo } from './training.admin.repo';
import type { CourseLessonRow, CourseRecord, CoursesRepo } from './training.courses.repo';
import { metaDescription } from './training.mappers';
import { type OrdersPort, type PromoProblem, promoProblem, refuse, splitName } from './training.purchase';
import { TRAINING_CACHE_TAG } from './training.schemas';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a code cannot be used on this course now, or null when it can. */
export function coursePromoProblem(promo: PromoRecord | null, courseId: string, now = new Date()): PromoProblem | null {
  const general = promoProblem(promo, '', now);
  if (general && general !== 'promoNotForLesson') return general;
  const p = promo as PromoRecord;
  const everything = p.lessonIds.length === 0 && p.courseIds.length === 0;
  if (!everything && !p.courseIds.includes(courseId)) return 'promoNotForCourse';
  return null;
}

/** `minor` scaled by `ratio` (the RUB price after discounts over the list price); null stays null. */
const scaled = (minor: number | null, ratio: number) => (minor === null ? null : fromMinor(Math.round(minor * ratio)));

/** The course price after `afterRubMinor` RUB remain to pay; EUR/USD reduced in the same proportion. */
function priceAfter(row: CourseRecord, afterRubMinor: number): Price {
  const ratio = row.priceRub > 0 ? afterRubMinor / row.priceRub : 0;
  return { rub: fromMinor(afterRubMinor), eur: scaled(row.priceEur, ratio), usd: scaled(row.priceUsd, ratio) };
}

export function toCourse(
  row: CourseRecord,
  lessons: CourseLessonRow[],
  viewer: { purchased: boolean; creditMinor: number },
): Course {
  const computed = lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
  const duration = row.durationMinutes ?? (computed > 0 ? computed : null);
  const credit = Math.min(viewer.creditMinor, row.priceRub);
  const seatsLeft = row.seatLimit === null ? null : Math.max(row.seatLimit - row.seatsTaken, 0);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    level: row.level,
    isMasterClass: row.isMasterClass,
    durationMinutes: duration,
    price: priceFromMinor(row),
    cover: row.cover ?? null,
    eventAt: row.eventAt?.toISOString() ?? null,
    eventPlace: row.eventPlace ?? null,
    seatLimit: row.seatLimit,
    seatsLeft,
    soldOut: seatsLeft === 0,
    lessons: lessons.map((lesson, index) => ({
      id: lesson.id,
      number: lesson.number,
      title: lesson.title,
      level: lesson.level,
      durationMinutes: lesson.durationMinutes && lesson.durationMinutes > 0 ? lesson.durationMinutes : null,
      hasVideo: lesson.hasVideo === true,
      poster: lesson.poster ?? null,
      position: lesson.position ?? index,
    })),
    purchased: viewer.purchased,
    credit: fromMinor(credit),
    priceForYou: priceAfter(row, row.priceRub - credit),
    createdAt: row.createdAt.toISOString(),
  };
}

/** schema.org Course (with a CourseInstance for a live master class) and one Offer per currency. */
export function courseJsonLd(course: Course, lang: Language, publicUrl: string): object {
  const url = absoluteUrl(publicUrl, `/training-course/${course.id}`);
  const offers = offersJsonLd(course.price, {
    url,
    category: 'Paid',
    availability: course.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
  });
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': url,
    name: localize(course.title, lang),
    description: localize(course.description, lang),
    url,
    educationalLevel: { basic: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' }[course.level],
    inLanguage: lang,
    provider: { '@type': 'Organization', name: 'Atelier', sameAs: publicUrl },
    offers,
    hasPart: course.lessons.map((lesson) => ({
      '@type': 'Course',
      name: localize(lesson.title, lang),
      url: absoluteUrl(publicUrl, `/training-detail/${lesson.id}`),
    })),
  };
  if (course.cover) ld.image = absoluteUrl(publicUrl, course.cover.large);
  if (course.durationMinutes) ld.timeRequired = `PT${course.durationMinutes}M`;
  if (course.eventAt) {
    ld.hasCourseInstance = {
      '@type': 'CourseInstance',
      courseMode: course.eventPlace ? 'Onsite' : 'Online',
      startDate: course.eventAt,
      ...(course.eventPlace
        ? { location: { '@type': 'Place', name: course.eventPlace, address: course.eventPlace } }
        : {}),
      ...(course.seatLimit ? { maximumAttendeeCapacity: course.seatLimit } : {}),
    };
  } else {
    ld.hasCourseInstance = {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: ld.timeRequired ?? 'PT1H',
    };
  }
  return ld;
}

export type CourseFields = z.output<typeof CourseWriteSchema>;

export function createCoursesService({
  db,
  repo,
  lessonsRepo,
  orders,
  hooks,
  cache,
  images,
  publicUrl,
}: {
  db: Db;
  repo: CoursesRepo;
  lessonsRepo: TrainingAdminRepo;
  orders: OrdersPort;
  hooks: DomainHooks;
  cache: PublicCache;
  images: ImagePipeline;
  publicUrl: string;
}) {
  const base = publicUrl.replace(/\/+$/, '');

  async function build(rows: CourseRecord[], userId: string | undefined, publishedOnly: boolean): Promise<Course[]> {
    const ids = rows.map((row) => row.id);
    const [lessonRows, owned, credits] = await Promise.all([
      repo.lessonsOf(ids, publishedOnly),
      userId ? repo.ownedCourses(userId, ids) : Promise.resolve(new Set<string>()),
      userId ? repo.credits(userId, ids) : Promise.resolve(new Map<string, number>()),
    ]);
    return rows.map((row) =>
      toCourse(
        row,
        lessonRows.filter((lesson) => lesson.courseId === row.id),
        { purchased: owned.has(row.id), creditMinor: owned.has(row.id) ? 0 : (credits.get(row.id) ?? 0) },
      ),
    );
  }

  async function published(id: string): Promise<CourseRecord> {
    const row = UUID_RE.test(id) ? await repo.find(id) : null;
    if (!row?.published) throw new NotFound();
    return row;
  }

  async function usablePromo(code: string, courseId: string, q = db): Promise<PromoRecord> {
    const promo = await lessonsRepo.findPromoByCode(code, q);
    const problem = coursePromoProblem(promo, courseId);
    if (problem) throw refuse(problem);
    return promo as PromoRecord;
  }

  async function toAdmin(row: CourseRecord): Promise<AdminCourse> {
    const [course] = await build([row], undefined, false);
    return {
      ...(course as Course),
      published: row.published,
      durationSet: row.durationMinutes,
      seatsTaken: row.seatsTaken,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A cancelled order gives back the seat its course line took. */
  hooks.on('orderCancelled', async (tx, event) => {
    const courseIds = event.items.flatMap((item) => (item.type === 'course' && item.courseId ? [item.courseId] : []));
    if (courseIds.length === 0) return;
    if ((await repo.releaseSeats(tx, courseIds)) > 0) cache.invalidate(TRAINING_CACHE_TAG);
  });

  function columnsOf(fields: CourseFields) {
    return {
      title: fields.title,
      description: fields.description,
      level: fields.level,
      isMasterClass: fields.isMasterClass,
      durationMinutes: fields.durationMinutes ?? null,
      ...priceToMinor(fields.price),
      eventAt: fields.eventAt ? new Date(fields.eventAt) : null,
      eventPlace: fields.eventPlace ? fields.eventPlace : null,
      seatLimit: fields.seatLimit ?? null,
      published: fields.published,
    };
  }

  function refuseLessons(problem: { missing: string[]; taken: string[] }): never {
    if (problem.missing.length > 0)
      throw new InvalidInput('validation', { fields: [{ field: 'lessonIds', message: 'unknown lesson' }] });
    throw new Conflict('lessonInOtherCourse', { lessonIds: problem.taken }, 'LESSON_IN_OTHER_COURSE');
  }

  return {
    async list(query: CourseListQuery, userId?: string): Promise<Course[]> {
      const rows = (await repo.list({ publishedOnly: true })).filter(
        (row) => query.kind === 'all' || (query.kind === 'masterClasses' ? row.isMasterClass : !row.isMasterClass),
      );
      return build(rows, userId, true);
    },

    async get(id: string, userId?: string): Promise<Course> {
      const [course] = await build([await published(id)], userId, true);
      return course as Course;
    },

    /** Live promo check: list price, after the code, and what remains after the viewer's credit. */
    async quote(user: SessionUser, courseId: string, code: string): Promise<CourseQuote> {
      const row = await published(courseId);
      const promo = await usablePromo(code, row.id);
      const afterPromo = applyPercentOff(row.priceRub, promo.percentOff);
      const credit = (await repo.credits(user.id, [row.id])).get(row.id) ?? 0;
      const toPay = Math.max(afterPromo - credit, 0);
      return {
        code: promo.code,
        percentOff: promo.percentOff,
        price: priceFromMinor(row),
        discountedPrice: priceAfter(row, afterPromo),
        credit: fromMinor(Math.min(credit, afterPromo)),
        toPay: priceAfter(row, toPay),
        free: toPay === 0,
      };
    },

    async purchase(
      user: SessionUser,
      courseId: string,
      input: { promoCode?: string | undefined; currency: Currency },
      language: Language,
    ): Promise<PurchaseResult> {
      const row = await published(courseId);
      if ((await repo.ownedCourses(user.id, [row.id])).size > 0)
        throw new Conflict('courseAlreadyPurchased', undefined, 'ALREADY_PURCHASED');
      if (row.seatLimit !== null && row.seatsTaken >= row.seatLimit)
        throw new Conflict('courseSoldOut', undefined, 'SOLD_OUT');
      const code = input.promoCode?.trim() || undefined;
      // Checked before the transaction for a precise message; the atomic redemption inside decides.
      const promo = code ? await usablePromo(code, row.id) : null;

      const result = await db.transaction(async (tx) => {
        if (row.seatLimit !== null && !(await repo.takeSeat(tx, row.id)))
          throw new Conflict('courseSoldOut', undefined, 'SOLD_OUT');
        let afterPromo = row.priceRub;
        if (promo) {
          if (!(await lessonsRepo.redeemPromo(tx, promo.id))) {
            throw refuse(
              coursePromoProblem(await lessonsRepo.findPromoByCode(promo.code, tx), row.id) ?? 'promoUsedUp',
            );
          }
          afterPromo = applyPercentOff(row.priceRub, promo.percentOff);
        }
        const credit = (await repo.credits(user.id, [row.id], tx)).get(row.id) ?? 0;
        const toPay = Math.max(afterPromo - credit, 0);
        const discountMinor = row.priceRub - toPay;
        const order = await orders.placeOrder(tx, {
          userId: user.id,
          lines: [{ type: 'course', id: row.id, quantity: 1 }],
          customer: { ...splitName(user), email: user.email ?? '', phone: user.phone ?? '' },
          paymentMethod: input.currency === 'RUB' ? 'card' : 'paypal',
          currency: input.currency,
          language,
          ...(promo || discountMinor > 0
            ? { promo: { promoCodeId: promo?.id ?? null, discountRub: fromMinor(discountMinor) } }
            : {}),
        });
        return { purchased: order.status === 'confirmed', order };
      });
      if (row.seatLimit !== null) cache.invalidate(TRAINING_CACHE_TAG);
      return result;
    },

    /** The user's course purchases with dates, newest first. */
    async purchases(userId: string): Promise<CoursePurchase[]> {
      const rows = await repo.listPurchases(userId);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.courseId as string);
      const courses = await build(await repo.list({ publishedOnly: false, ids }), userId, true);
      const byId = new Map(courses.map((course) => [course.id, course]));
      return rows.flatMap((row) => {
        const course = byId.get(row.courseId as string);
        if (!course) return [];
        return [
          {
            id: row.id,
            course,
            purchasedAt: row.createdAt.toISOString(),
            pricePaid: fromMinor(row.pricePaidRub),
            orderId: row.orderId,
          },
        ];
      });
    },

    async seo(id: string | undefined, lang: Language): Promise<SeoResult> {
      if (!id || !UUID_RE.test(id)) return { status: 404 };
      const row = await repo.find(id);
      if (!row?.published) return { status: 404 };
      const [course] = await build([row], undefined, true);
      const c = course as Course;
      const result: SeoResult = {
        title: localize(c.title, lang),
        description: metaDescription(localize(c.description, lang)),
        canonical: `/training-course/${c.id}`,
        jsonLd: [courseJsonLd(c, lang, base)],
      };
      if (c.cover) result.image = c.cover.large;
      return result;
    },

    async sitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.list({ publishedOnly: true });
      return rows.map((row) => ({ path: `/training-course/${row.id}`, lastmod: row.updatedAt }));
    },

    // ------------------------------------------------------------ admin
    async adminList(): Promise<AdminCourse[]> {
      const rows = await repo.list({ publishedOnly: false });
      const built = await build(rows, undefined, false);
      return rows.map((row, index) => ({
        ...(built[index] as Course),
        published: row.published,
        durationSet: row.durationMinutes,
        seatsTaken: row.seatsTaken,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    async adminGet(id: string): Promise<AdminCourse> {
      const row = await repo.find(id);
      if (!row) throw new NotFound();
      return toAdmin(row);
    },

    async create(fields: CourseFields, cover: Buffer | undefined): Promise<AdminCourse> {
      const image: Image | null = cover ? await images.ingest(cover, 'courses') : null;
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(tx, { ...columnsOf(fields), cover: image });
          const problem = await repo.setLessons(tx, created.id, fields.lessonIds);
          if (problem.missing.length > 0 || problem.taken.length > 0) refuseLessons(problem);
          return created;
        });
        cache.invalidate(TRAINING_CACHE_TAG);
        return toAdmin(row);
      } catch (error) {
        if (image) await images.remove(image);
        throw error;
      }
    },

    async update(id: string, fields: CourseFields, cover: Buffer | undefined): Promise<AdminCourse> {
      const before = await repo.find(id);
      if (!before) throw new NotFound();
      if (fields.seatLimit != null && fields.seatLimit < before.seatsTaken)
        throw new InvalidInput('seatLimitBelowTaken', undefined, 'SEAT_LIMIT_BELOW_TAKEN');
      const image: Image | null = cover ? await images.ingest(cover, 'courses') : null;
      try {
        const row = await db.transaction(async (tx) => {
          const values: Partial<CourseRecord> = columnsOf(fields);
          if (image || fields.removeCover) values.cover = image;
          const updated = await repo.update(tx, id, values);
          if (!updated) throw new NotFound();
          const problem = await repo.setLessons(tx, id, fields.lessonIds);
          if (problem.missing.length > 0 || problem.taken.length > 0) refuseLessons(problem);
          return updated;
        });
        cache.invalidate(TRAINING_CACHE_TAG);
        if ((image || fields.removeCover) && before.cover) await images.remove(before.cover);
        return toAdmin(row);
      } catch (error) {
        if (image) await images.remove(image);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      if (await repo.hasOrders(id)) throw new Conflict('courseHasOrders', undefined, 'COURSE_HAS_ORDERS');
      const row = await db.transaction((tx) => repo.remove(tx, id));
      if (!row) throw new NotFound();
      cache.invalidate(TRAINING_CACHE_TAG);
      if (row.cover) await images.remove(row.cover);
    },
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
