/**
 * The adaptive-streaming state of a lesson's video, in the owner's words ("video for slow
 * connections"): not available on this server, waiting, in progress with a bar, prepared with its
 * qualities, or failed with a button to try again (the server's error folded away for whoever runs it).
 */
import type { LessonHlsStatus as HlsStatus } from '@atelier/shared';
import { useId, useState } from 'react';
import { formatPercent } from '../../../shared/format/percent';
import { problemText } from '../../../shared/forms/server-errors';
import { useLanguage } from '../../../shared/i18n/use-language';
import type { TFunction } from '../../../shared/i18n/use-translation';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem } from '../../../shared/ui/form-field';
import { useAdminLessonHls, useRetryLessonHls } from '../api/admin-lesson-hls';

/**
 * The state line: "Video prepared for slow connections…", "…in progress 40 %, about 3 min left",
 * "…failed…".
 */
export function hlsStatusText(
  t: TFunction,
  status: Pick<HlsStatus, 'state' | 'progress'> & { secondsLeft?: number | null },
  language: string,
): string {
  if (status.state !== 'running') return t(`player.admin.hls.${status.state}`);
  const running = t('player.admin.hls.running', { percent: formatPercent(status.progress, language) });
  const left = timeLeftText(t, status.secondsLeft ?? null);
  return left ? `${running}, ${left}` : running;
}

/** "about 3 min left", "less than a minute left"; null while the pace is not known yet. */
export function timeLeftText(t: TFunction, seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return t('player.admin.hls.leftSoon');
  return t('player.admin.hls.left', { count: Math.round(seconds / 60) });
}

export function LessonHlsStatus({ lessonId, hasVideo }: { lessonId: string; hasVideo: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const query = useAdminLessonHls(lessonId);
  const retry = useRetryLessonHls(lessonId);
  const [problem, setProblem] = useState<string | null>(null);
  const status = query.data;
  if (!status || !hasVideo) return null;

  const again = () => {
    setProblem(null);
    retry.mutate(undefined, { onError: (error) => setProblem(problemText(error, t('player.admin.failed'))) });
  };

  return (
    <section aria-labelledby={headingId} data-testid="lesson-hls-status" data-state={status.state}>
      <h2 id={headingId} className="text-2xl">
        {t('player.admin.hls.title')}
      </h2>
      {!status.enabled ? (
        <p className="mt-1 text-sm text-muted">{t('player.admin.hls.unavailable')}</p>
      ) : (
        <div className="mt-2 grid grid-cols-1 gap-2 text-sm">
          <p data-testid="lesson-hls-text">
            {status.state === 'done' ? (
              <span aria-hidden="true" className="font-semibold text-green-800">
                ✓{' '}
              </span>
            ) : null}
            {hlsStatusText(t, status, language)}
          </p>
          {status.state === 'running' ? (
            <progress className="w-full accent-rose-600" max={100} value={status.progress} aria-labelledby={headingId}>
              {formatPercent(status.progress, language)}
            </progress>
          ) : null}
          {status.renditions.length > 0 ? (
            <p className="text-ink-soft" data-testid="lesson-hls-renditions">
              {status.state === 'running'
                ? t('player.admin.hls.firstReady', { list: status.renditions.map((h) => `${h}p`).join(', ') })
                : t('player.admin.hls.renditions', { list: status.renditions.map((h) => `${h}p`).join(', ') })}
            </p>
          ) : null}
          {status.error ? (
            <details className="text-xs text-ink-soft">
              <summary className="cursor-pointer">{t('player.admin.hls.errorDetails')}</summary>
              <p
                className="wrap-anywhere mt-1 rounded-xl bg-blush-100 px-3 py-2 font-mono text-ink"
                data-testid="lesson-hls-error"
              >
                {status.error}
              </p>
            </details>
          ) : null}
          {status.state === 'failed' || status.state === 'none' ? (
            <div>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onClick={again}
                disabled={retry.isPending}
              >
                {status.state === 'failed' ? t('player.admin.hls.retry') : t('player.admin.hls.start')}
              </button>
            </div>
          ) : null}
          <FormProblem>{problem}</FormProblem>
        </div>
      )}
    </section>
  );
}
