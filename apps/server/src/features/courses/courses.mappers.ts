import { type Course, fromMinor, type Language, localize, type Price, priceFromMinor } from '@atelier/shared';
import { absoluteUrl, offersJsonLd } from '../../platform/http/seo';
import { afterCredit, priceAfter } from '../checkout/pricing';
import type { CourseLessonRow, CourseRecord } from './courses.repo';

/** The course price after `afterRubMinor` RUB remain to pay; EUR/USD reduced as an order charges them. */
export function coursePriceAfter(row: CourseRecord, afterRubMinor: number): Price {
  return priceAfter(
    { priceRubMinor: row.priceRub, priceEurMinor: row.priceEur, priceUsdMinor: row.priceUsd },
    afterRubMinor,
  );
}

export function toCourse(
  row: CourseRecord,
  lessons: CourseLessonRow[],
  viewer: { purchased: boolean; creditMinor: number },
): Course {
  const computed = lessons.reduce((sum, lesson) => sum + (lesson.durationMinutes ?? 0), 0);
  const duration = row.durationMinutes ?? (computed > 0 ? computed : null);
  const credit = row.priceRub - afterCredit(row.priceRub, viewer.creditMinor);
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
    priceForYou: coursePriceAfter(row, afterCredit(row.priceRub, viewer.creditMinor)),
    ...(row.outcomes ? { outcomes: row.outcomes } : {}),
    ...(row.materials ? { materials: row.materials } : {}),
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
