import type { Course } from '@atelier/shared';
import { Link } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useLocalized } from '../../../shared/i18n/use-localized';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckIcon } from '../../../shared/ui/icons';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { useDuration } from './duration';

/** A course or master class on /training: kind, level (beginner / intermediate / advanced), lessons, total duration, price, seats. */
export function CourseCard({ course, priority }: { course: Course; priority?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const duration = useDuration();
  const shownTitle = useLocalized()(course.title);
  const title = shownTitle.text;
  const credited = course.credit > 0 && !course.purchased;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-ivory shadow-card transition-shadow hover:shadow-soft">
      <div className="relative aspect-video overflow-hidden bg-blush-100">
        {course.cover ? (
          <ResponsiveImage
            image={course.cover}
            alt=""
            sizes="(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 92vw"
            priority={priority}
            className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
          />
        ) : null}
        <span className="absolute top-3 right-3 rounded-full bg-ink/80 px-3 py-1 text-xs font-semibold text-white">
          {course.isMasterClass ? t('training.courses.masterClass') : t('training.courses.course')}
        </span>
        {course.purchased ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-sage-700 px-3 py-1 text-xs font-semibold text-white">
            <CheckIcon width={14} height={14} />
            {t('training.purchased')}
          </span>
        ) : course.soldOut ? (
          <span className="absolute top-3 left-3 rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white">
            {t('training.courses.soldOut')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
          {t(`training.levels.${course.level}`)}
          {course.lessons.length > 0
            ? ` · ${t('training.courses.lessonsCount', { count: course.lessons.length })}`
            : ''}
          {course.durationMinutes ? ` · ${duration(course.durationMinutes)}` : ''}
        </p>
        <h2 className="font-serif text-2xl leading-tight wrap-anywhere" lang={shownTitle.lang}>
          <Link to={`/training-course/${course.id}`} className="after:absolute after:inset-0 hover:text-rose-700">
            {title}
          </Link>
        </h2>
        {course.eventAt ? (
          <p className="text-sm text-muted">
            {t('training.courses.liveOn', {
              date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(course.eventAt),
              ),
            })}
            {course.seatsLeft !== null && !course.soldOut
              ? ` · ${t('training.courses.seatsLeft', { count: course.seatsLeft })}`
              : ''}
          </p>
        ) : null}
        <p className="mt-auto pt-2 text-lg font-semibold text-rose-700">
          {course.purchased ? (
            t('training.courses.openCourse')
          ) : credited ? (
            <>
              <s className="mr-2 font-normal text-muted">
                <span className="sr-only">{t('training.oldPrice')} </span>
                {format(course.price)}
              </s>
              {format(course.priceForYou)}
            </>
          ) : (
            format(course.price)
          )}
        </p>
      </div>
    </article>
  );
}
