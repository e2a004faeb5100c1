import type { ReactNode } from 'react';

interface ChipGroupProps<T extends string> {
  /** Names the group for screen readers (hidden unless `legendClassName` shows it). */
  legend: ReactNode;
  legendClassName?: string;
  className?: string;
  listClassName?: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => ReactNode;
}

/** A row of toggle chips of which exactly one is pressed: the filters of the lists. */
export function ChipGroup<T extends string>({
  legend,
  legendClassName = 'sr-only',
  className,
  listClassName = 'flex flex-wrap gap-2',
  options,
  value,
  onChange,
  label,
}: ChipGroupProps<T>) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <div className={listClassName}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className="chip"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
          >
            {label(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
