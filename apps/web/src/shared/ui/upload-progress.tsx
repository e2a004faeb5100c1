import type { UploadProgress } from '../api/upload';
import { formatPercent } from '../format/percent';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';

/**
 * The bar under a form while its files go up (from `useUploadProgress`). Shows nothing when there
 * is no upload; an unknown total shows a moving bar without a number.
 */
export function UploadProgressBar({ progress, label }: { progress: UploadProgress | null; label?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!progress) return null;
  const percent = progress.fraction === null ? null : Math.round(progress.fraction * 100);
  const text = label ?? t('admin.ui.upload.progress');
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <div className="flex justify-between text-sm text-ink-soft">
        <span id="upload-progress-label">{text}</span>
        {percent !== null ? <span aria-hidden="true">{formatPercent(percent, language)}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2.5 overflow-hidden rounded-full bg-blush-100"
      >
        <div
          className={`h-full rounded-full bg-rose-600 transition-[width] duration-200 ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
