/**
 * A thin progress bar with its accessible name and value (role progressbar); the visible text
 * beside it, if any, is the caller's.
 */
export function ProgressBar({
  percent,
  label,
  valueText,
  className = '',
  testId,
}: {
  percent: number;
  /** What is measured, e.g. "Watched: Silk rose". */
  label: string;
  /** The value as said, e.g. "45 %". */
  valueText: string;
  className?: string;
  testId?: string;
}) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      data-testid={testId}
      className={`h-1.5 w-full overflow-hidden rounded-full bg-blush-100 ${className}`}
    >
      <div
        className={`h-full rounded-full ${value >= 100 ? 'bg-sage-700' : 'bg-rose-600'}`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
