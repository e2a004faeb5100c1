import { type ContinueLesson, localize } from '@atelier/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { barPercent, formatPercent, formatPosition, lessonHref } from '../format/progress';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { PlayIcon } from './icons';
import { ProgressBar } from './progress-bar';
import { ResponsiveImage } from './responsive-image';

/**
 * "Continue where you left off": the lesson last watched and not finished, where the learner
 * stopped and how much they watched, and a link that opens it there (the player resumes). A
 * lesson not started yet (the next one of a course) shows no position.
 */
export function ContinueCard({ item, title }: { item: ContinueLesson; title?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const name = localize(item.title, language);
  const percent = formatPercent(barPercent({ completed: false, watchedPercent: item.watchedPercent }), language);
  const started = item.positionSeconds > 0 || item.watchedPercent > 0;
  const stopped =
    item.durationSeconds !== null
      ? t('progress.stoppedAtOf', {
          time: formatPosition(item.positionSeconds),
          duration: formatPosition(item.durationSeconds),
        })
      : t('progress.stoppedAt', { time: formatPosition(item.positionSeconds) });
  return (
    <section
      aria-labelledby={headingId}
      className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5"
      data-testid="continue-card"
    >
      {item.poster ? (
        <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-2xl bg-blush-100 sm:w-44">
          <ResponsiveImage
            image={item.poster}
            alt=""
            sizes="(min-width: 640px) 11rem, 92vw"
            className="size-full object-cover"
          />
        </div>
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
          {title ?? t('progress.continueTitle')}
        </h2>
        <p className="mt-1 font-serif text-2xl leading-tight wrap-anywhere">
          {t('training.lessonNumber', { number: item.number })} · {name}
        </p>
        {started ? (
          <>
            <p className="mt-1 text-sm text-muted">
              {stopped} · {t('progress.watched', { percent })}
            </p>
            <ProgressBar
              percent={item.watchedPercent}
              label={t('progress.barLabel', { title: name })}
              valueText={percent}
              className="mt-3"
            />
          </>
        ) : null}
      </div>
      <Link to={lessonHref(item.lessonId)} className="btn btn-primary shrink-0 self-start sm:self-center">
        <PlayIcon width={16} height={16} aria-hidden="true" />
        {t('progress.continue')}
        <span className="sr-only">: {name}</span>
      </Link>
    </section>
  );
}
