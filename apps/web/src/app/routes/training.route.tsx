import { CURRENCY_SYMBOLS, LESSON_LEVELS } from '@atelier/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { coursesQueryOptions, useCourses } from '../../features/courses/api/courses';
import { CourseCard } from '../../features/courses/components/course-card';
import { lessonsQueryOptions, useLessons } from '../../features/lessons/api/get-lessons';
import { LessonCard } from '../../features/lessons/components/lesson-card';
import {
  DURATION_FILTERS,
  type DurationFilter,
  filterLessons,
  LESSON_FILTERS,
  type LessonFilter,
  type LevelFilter,
} from '../../features/lessons/lesson-filters';
import { useLearningProgress } from '../../features/progress/api/get-progress';
import { useCurrency } from '../../shared/currency/currency-store';
import { useTranslation } from '../../shared/i18n/use-translation';
import { load, type RouteLoader } from '../../shared/ssr/page-loader';
import { ChipGroup } from '../../shared/ui/chip-group';
import { ContinueCard } from '../../shared/ui/continue-card';
import { EmptyState, ErrorState, PageTitle } from '../../shared/ui/states';
import { useDeclaredPageTitle } from '../../shared/ui/use-page-title';

/** What /training lists: everything, single lessons only, courses only, master classes only. */
export const KIND_FILTERS = ['all', 'lessons', 'courses', 'masterClasses'] as const;
type KindFilter = (typeof KIND_FILTERS)[number];

function pick<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function Component() {
  const { t } = useTranslation();
  useDeclaredPageTitle('lessons');
  const levelId = useId();
  const durationId = useId();
  const priceId = useId();
  const currency = useCurrency();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = pick<LessonFilter>(LESSON_FILTERS, searchParams.get('filter'), 'all');
  const level = pick<LevelFilter>(['all', ...LESSON_LEVELS], searchParams.get('level'), 'all');
  const duration = pick<DurationFilter>(DURATION_FILTERS, searchParams.get('duration'), 'all');
  const maxParam = searchParams.get('maxPrice');
  const maxPrice = maxParam !== null && maxParam !== '' && Number(maxParam) >= 0 ? Number(maxParam) : null;
  const kind = pick<KindFilter>(KIND_FILTERS, searchParams.get('show'), 'all');
  const lessonsQuery = useLessons();
  const coursesQuery = useCourses();
  const resume = useLearningProgress().data?.continue ?? null;
  const { data: lessons } = lessonsQuery;
  const isPending = lessonsQuery.isPending || coursesQuery.isPending;
  const isError = lessonsQuery.isError || coursesQuery.isError;
  const refetch = () => Promise.all([lessonsQuery.refetch(), coursesQuery.refetch()]);
  const showLessons = kind === 'all' || kind === 'lessons';
  const shown = lessons && showLessons ? filterLessons(lessons, { filter, level, duration, maxPrice, currency }) : [];
  const shownCourses = (kind === 'lessons' ? [] : (coursesQuery.data ?? [])).filter(
    (course) =>
      (kind === 'all' || (kind === 'masterClasses') === course.isMasterClass) &&
      (level === 'all' || course.level === level) &&
      (filter !== 'purchased' || course.purchased) &&
      (filter !== 'available' || (!course.purchased && !course.soldOut)),
  );
  const nothing = (lessons?.length ?? 0) === 0 && (coursesQuery.data?.length ?? 0) === 0;

  const set = (key: 'filter' | 'level' | 'duration' | 'maxPrice' | 'show', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all' || value === '') next.delete(key);
    else next.set(key, value);
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageTitle title={t('training.title')} eyebrow={t('training.eyebrow')}>
        {t('training.lead')}
      </PageTitle>
      <div className="container-page pb-10">
        {resume ? (
          <div className="mb-8">
            <ContinueCard item={resume} />
          </div>
        ) : null}
        <div className="mb-6">
          <ChipGroup
            legend={t('training.courses.kindLabel')}
            options={KIND_FILTERS}
            value={kind}
            onChange={(value) => set('show', value)}
            label={(value) => t(`training.courses.kinds.${value}`)}
          />
        </div>
        <div className="mb-10 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <ChipGroup
            legend={t('training.filterLabel')}
            options={LESSON_FILTERS}
            value={filter}
            onChange={(value) => set('filter', value)}
            label={(value) => t(`training.filters.${value}`)}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 md:w-[36rem]">
            <div>
              <label htmlFor={levelId} className="mb-1 block text-xs font-semibold text-muted">
                {t('training.level')}
              </label>
              <select
                id={levelId}
                className="input appearance-auto"
                value={level}
                onChange={(event) => set('level', event.target.value)}
              >
                <option value="all">{t('training.levels.all')}</option>
                {LESSON_LEVELS.map((value) => (
                  <option key={value} value={value}>
                    {t(`training.levels.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={durationId} className="mb-1 block text-xs font-semibold text-muted">
                {t('training.duration')}
              </label>
              <select
                id={durationId}
                className="input appearance-auto"
                value={duration}
                onChange={(event) => set('duration', event.target.value)}
              >
                {DURATION_FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {t(`training.durations.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={priceId} className="mb-1 block text-xs font-semibold text-muted">
                {t('training.maxPrice', { symbol: CURRENCY_SYMBOLS[currency] })}
              </label>
              <input
                id={priceId}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                className="input"
                placeholder={t('training.anyPrice')}
                value={maxParam ?? ''}
                onChange={(event) => set('maxPrice', event.target.value)}
              />
            </div>
          </div>
        </div>
        {isPending ? (
          <div aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="aspect-[4/3] animate-pulse rounded-3xl bg-blush-100" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : shown.length === 0 && shownCourses.length === 0 ? (
          <EmptyState title={nothing ? t('training.empty') : t('training.noMatch')}>
            {!nothing ? (
              <button
                type="button"
                className="btn btn-outline mt-4"
                onClick={() => setSearchParams({}, { replace: true })}
              >
                {t('training.resetFilters')}
              </button>
            ) : null}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-12">
            {shownCourses.length > 0 ? (
              <section aria-labelledby="training-courses">
                <h2 id="training-courses" className="mb-5 text-3xl">
                  {t('training.courses.sectionTitle')}
                </h2>
                <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {shownCourses.map((course, index) => (
                    <li key={course.id}>
                      <CourseCard course={course} priority={index < 3} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {shown.length > 0 ? (
              <section aria-labelledby="training-lessons">
                <h2 id="training-lessons" className={shownCourses.length > 0 ? 'mb-5 text-3xl' : 'sr-only'}>
                  {t('training.courses.lessonsTitle')}
                </h2>
                <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {shown.map((lesson, index) => (
                    <li key={lesson.id}>
                      <LessonCard lesson={lesson} priority={shownCourses.length === 0 && index < 3} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        )}
      </div>
    </>
  );
}

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client }) => [load(client, lessonsQueryOptions()), load(client, coursesQueryOptions())]
  : undefined;
