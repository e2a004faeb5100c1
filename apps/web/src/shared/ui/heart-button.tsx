import { HeartIcon } from './icons';

/**
 * The favourite toggle: a heart that is a real button with `aria-pressed`, so assistive tech says
 * "pressed" / "not pressed"; its name stays the same in both states. 44 px target.
 */
export function HeartButton({
  pressed,
  label,
  onToggle,
  busy,
  className,
}: {
  pressed: boolean;
  label: string;
  onToggle: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={onToggle}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-ivory/95 text-rose-700 shadow-card transition-colors hover:bg-blush-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600 ${className ?? ''}`}
    >
      <HeartIcon filled={pressed} width={22} height={22} />
    </button>
  );
}
