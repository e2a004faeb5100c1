import { type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { FieldError } from '../ui/form-field';

interface CheckboxGroupProps<T extends string> {
  /** Form path of a list of values. */
  name: string;
  /** Prefix of the element ids (the message gets `${id}-error`). */
  id: string;
  legend: string;
  hint?: string;
  options: readonly { value: T; label: string }[];
  /** Ticked values keep the options' order (else a new tick goes last, as it was clicked). */
  keepOptionOrder?: boolean;
  error?: string;
  className?: string;
  listClassName?: string;
}

/** A list of checkboxes editing one array field of the form (lessons of a promo code, book formats). */
export function CheckboxGroup<T extends string>({
  name,
  id,
  legend,
  hint,
  options,
  keepOptionOrder = false,
  error,
  className,
  listClassName = 'flex flex-wrap gap-4',
}: CheckboxGroupProps<T>) {
  const { control } = useFormContext<FieldValues>();
  const { field } = useController({ control, name: name as FieldPath<FieldValues> });
  const value = (field.value ?? []) as T[];
  const toggle = (option: T, checked: boolean) =>
    field.onChange(
      checked
        ? keepOptionOrder
          ? options.map((item) => item.value).filter((item) => item === option || value.includes(item))
          : [...value, option]
        : value.filter((item) => item !== option),
    );
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? <p className="mb-2 text-sm text-muted">{hint}</p> : null}
      <ul className={listClassName}>
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={field.name}
                className="size-5 shrink-0 accent-rose-600"
                checked={value.includes(option.value)}
                onBlur={field.onBlur}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </fieldset>
  );
}
