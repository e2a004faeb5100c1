import type { LessonProgress } from '@atelier/shared';
import { barPercent, formatPercent, lessonState } from '../format/progress';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { CheckIcon } from './icons';
import { ProgressBar } from './progress-bar';

/**
 * A lesson's progress for its learner: a "completed" badge, or a bar with the share watched;
 * nothing before they start it. `title` names the lesson for screen readers.
 */
export function LessonProgressLine({ progress, title }: { progress: LessonProgress | undefined; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!progress) return null;
  const state = lessonState(progress);
  if (state === 'notStarted') return null;
  if (state === 'completed') {
    return (
      <p
        className="inline-flex items-center gap-1 self-start rounded-full bg-sage-100 px-3 py-1 text-xs font-semibold text-sage-700"
        data-testid="lesson-completed"
      >
        <CheckIcon width={14} height={14} aria-hidden="true" />
        {t('progress.completed')}
      </p>
    );
  }
  const percent = formatPercent(barPercent(progress), language);
  return (
    <div className="flex items-center gap-3" data-testid="lesson-progress">
      <ProgressBar
        percent={barPercent(progress)}
        label={t('progress.barLabel', { title })}
        valueText={percent}
        className="flex-1"
      />
      <span className="shrink-0 text-xs font-semibold text-ink-soft">{t('progress.watched', { percent })}</span>
    </div>
  );
}
