import type { Lesson } from '@atelier/shared';
import { Link } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { HeartButton } from '../../../shared/ui/heart-button';
import { CheckIcon, PlayIcon } from '../../../shared/ui/icons';
import { LessonProgressLine } from '../../../shared/ui/lesson-progress';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { useFavouriteToggle } from '../../favourites/api/favourites';
import { useLessonProgress } from '../../progress/api/get-progress';

export function LessonCard({ lesson, priority }: { lesson: Lesson; priority?: boolean }) {
  const { t } = useTranslation();
  const format = usePriceFormatter();
  const shownTitle = useLocalized()(lesson.title);
  const title = shownTitle.text;
  const favourite = useFavouriteToggle('lesson', lesson.id, lesson.title);
  // The learner's own progress: known only in the browser, after sign-in (not on the rendered page).
  const progress = useLessonProgress(lesson.id);

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-ivory shadow-card transition-shadow hover:shadow-soft">
      <div className="relative aspect-video overflow-hidden bg-blush-100">
        {lesson.poster ? (
          <ResponsiveImage
            image={lesson.poster}
            alt=""
            sizes="(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 92vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
          />
        ) : null}
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-ivory/90 text-rose-700 shadow-soft transition-transform group-hover:scale-110">
            <PlayIcon width={22} height={22} />
          </span>
        </span>
        {lesson.purchased ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-sage-700 px-3 py-1 text-xs font-semibold text-white">
            <CheckIcon width={14} height={14} />
            {t('training.purchased')}
          </span>
        ) : null}
      </div>
      {/* Above the title's full-card link (z-10), so the heart is its own target. */}
      <HeartButton
        {...favourite}
        label={t('favourites.toggle', { name: title })}
        className="absolute top-2 right-2 z-10"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
          {t('training.lessonNumber', { number: lesson.number })} · {t(`training.levels.${lesson.level}`)}
          {lesson.durationMinutes ? ` · ${t('training.minutes', { count: lesson.durationMinutes })}` : ''}
        </p>
        <h2 className="font-serif text-2xl leading-tight wrap-anywhere" lang={shownTitle.lang}>
          <Link to={`/training-detail/${lesson.id}`} className="after:absolute after:inset-0 hover:text-rose-700">
            {title}
          </Link>
        </h2>
        {lesson.purchased ? <LessonProgressLine progress={progress} title={title} /> : null}
        <p className="mt-auto pt-2 text-lg font-semibold text-rose-700">
          {lesson.purchased ? t('training.openLesson') : format(lesson.price)}
        </p>
      </div>
    </article>
  );
}
