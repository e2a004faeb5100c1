import type { Course, Lesson } from '@atelier/shared';
import { Link } from 'react-router';
import { useCourses } from '../../features/courses/api/courses';
import { useLessons } from '../../features/lessons/api/get-lessons';
import { isFree } from '../../shared/currency/display-price';
import { usePriceFormatter } from '../../shared/currency/use-price';
import { useLocalized } from '../../shared/i18n/use-localized';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PlayIcon } from '../../shared/ui/icons';
import { ResponsiveImage } from '../../shared/ui/responsive-image';
import { SectionHeading } from '../../shared/ui/states';

/** How many paid courses and lessons the home page lists beside the free lesson. */
const LISTED = 3;

type Entry = { kind: 'course'; item: Course } | { kind: 'lesson'; item: Lesson };

/**
 * The home page's lessons block (#learn): the free lesson, when there is one, as a card that opens
 * it, then a few courses and lessons with their prices, and the way to all of them.
 */
export function HomeLessons() {
  const { t } = useTranslation();
  const localized = useLocalized();
  const format = usePriceFormatter();
  const { data: lessons } = useLessons();
  const { data: courses } = useCourses();
  const byNumber = [...(lessons ?? [])].sort((a, b) => a.number - b.number);
  const free = byNumber.find((lesson) => isFree(lesson.price));
  const entries: Entry[] = [
    ...(courses ?? []).filter((course) => !course.soldOut).map((item): Entry => ({ kind: 'course', item })),
    ...byNumber.filter((lesson) => lesson !== free).map((item): Entry => ({ kind: 'lesson', item })),
  ].slice(0, LISTED);
  if (!free && entries.length === 0) return null;

  return (
    <section id="learn" aria-labelledby="learn-title" className="scroll-mt-32 bg-blush-50 py-14 sm:py-20">
      <div className="container-page">
        <SectionHeading id="learn-title" eyebrow={t('training.home.eyebrow')} title={t('training.home.title')}>
          {t('training.home.lead')}
        </SectionHeading>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:gap-10">
          {free ? (
            <Link
              to={`/training-detail/${free.id}`}
              className="group flex flex-col overflow-hidden rounded-3xl border border-line bg-ivory shadow-card transition-shadow hover:shadow-soft"
            >
              <span className="relative block aspect-video overflow-hidden bg-blush-100">
                {free.poster ? (
                  <ResponsiveImage
                    image={free.poster}
                    alt=""
                    sizes="(min-width: 1024px) 36rem, 92vw"
                    className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                  />
                ) : null}
                <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                  <span className="inline-flex size-14 items-center justify-center rounded-full bg-ivory/90 text-rose-700 shadow-soft">
                    <PlayIcon width={22} height={22} />
                  </span>
                </span>
                <span className="absolute top-3 left-3 rounded-full bg-sage-700 px-3 py-1 text-xs font-semibold text-white">
                  {t('training.home.freeBadge')}
                </span>
              </span>
              <span className="flex flex-col gap-2 p-5">
                <span
                  className="font-serif text-2xl leading-tight wrap-anywhere group-hover:text-rose-700"
                  lang={localized(free.title).lang}
                >
                  {localized(free.title).text}
                </span>
                <span className="font-semibold text-rose-700">{t('training.home.watchFree')}</span>
              </span>
            </Link>
          ) : null}
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3">
              {entries.map((entry) => (
                <li key={entry.item.id}>
                  <Link
                    to={
                      entry.kind === 'course'
                        ? `/training-course/${entry.item.id}`
                        : `/training-detail/${entry.item.id}`
                    }
                    className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-ivory px-5 py-4 shadow-card transition-shadow hover:shadow-soft"
                  >
                    <span className="flex min-w-0 flex-col gap-1">
                      <span className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                        {entry.kind === 'course'
                          ? t(entry.item.isMasterClass ? 'training.courses.masterClass' : 'training.courses.course')
                          : t('training.lessonNumber', { number: entry.item.number })}
                        {' · '}
                        {t(`training.levels.${entry.item.level}`)}
                      </span>
                      <span
                        className="font-serif text-xl leading-tight wrap-anywhere"
                        lang={localized(entry.item.title).lang}
                      >
                        {localized(entry.item.title).text}
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold text-rose-700">{format(entry.item.price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link to="/training" className="btn btn-outline self-start">
              {t('training.home.all')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
