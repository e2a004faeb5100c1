import { LESSON_LEVELS } from '@atelier/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useLessons } from '../api/get-lessons';
import { LessonCard } from '../components/lesson-card';
import { filterLessons, LESSON_FILTERS, type LessonFilter, type LevelFilter } from '../lesson-filters';

function pick<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function TrainingPage() {
  const { t } = useTranslation();
  usePageTitle(t('training.title'));
  const levelId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = pick<LessonFilter>(LESSON_FILTERS, searchParams.get('filter'), 'all');
  const level = pick<LevelFilter>(['all', ...LESSON_LEVELS], searchParams.get('level'), 'all');
  const { data: lessons, isPending, isError, refetch } = useLessons();
  const shown = lessons ? filterLessons(lessons, filter, level) : [];

  const set = (key: 'filter' | 'level', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.delete(key);
    else next.set(key, value);
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageTitle title={t('training.title')} eyebrow={t('training.eyebrow')}>
        {t('training.lead')}
      </PageTitle>
      <div className="container-page pb-10">
        <div className="mb-10 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <ChipGroup
            legend={t('training.filterLabel')}
            options={LESSON_FILTERS}
            value={filter}
            onChange={(value) => set('filter', value)}
            label={(value) => t(`training.filters.${value}`)}
          />
          <div className="md:w-60">
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
        </div>
        {isPending ? (
          <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="aspect-[4/3] animate-pulse rounded-3xl bg-blush-100" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('training.empty')} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((lesson, index) => (
              <li key={lesson.id}>
                <LessonCard lesson={lesson} priority={index < 3} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
