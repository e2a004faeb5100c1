import { type Language, type Lesson, localize, priceFromMinor } from '@atelier/shared';
import { absoluteUrl, offersJsonLd } from '../../platform/http/seo';
import type { LessonRow } from './lessons.repo';

export function toLesson(row: LessonRow): Lesson {
  const methodologyLanguages: Lesson['methodologyLanguages'] = [];
  if (row.methodologyRu) methodologyLanguages.push('ru');
  if (row.methodologyEn) methodologyLanguages.push('en');
  if (row.methodologyEs) methodologyLanguages.push('es');
  const lesson: Lesson = {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    level: row.level,
    price: priceFromMinor(row),
    hasVideo: row.hasVideo === true,
    methodologyLanguages,
    purchased: row.purchased === true,
    poster: row.poster ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.durationMinutes !== null && row.durationMinutes > 0) lesson.durationMinutes = row.durationMinutes;
  if (row.hasPreview) lesson.hasPreview = true;
  if (row.outcomes) lesson.outcomes = row.outcomes;
  if (row.materials) lesson.materials = row.materials;
  return lesson;
}

/** schema.org Course for a lesson page, with one Offer per currency it is sold in. */
export function lessonJsonLd(lesson: Lesson, lang: Language, publicUrl: string): object {
  const url = absoluteUrl(publicUrl, `/training-detail/${lesson.id}`);
  const offers = offersJsonLd(lesson.price, { url });
  const course: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': url,
    name: localize(lesson.title, lang),
    description: localize(lesson.description, lang),
    url,
    educationalLevel: lesson.level,
    offers,
  };
  if (lesson.poster) course.image = absoluteUrl(publicUrl, lesson.poster.large);
  if (lesson.durationMinutes) course.timeRequired = `PT${lesson.durationMinutes}M`;
  return course;
}
