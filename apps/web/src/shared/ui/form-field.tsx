import { type ComponentProps, type ReactNode, useState } from 'react';
import { isServerMessageKey, useServerText } from '../i18n/server-text';
import { useTranslation } from '../i18n/use-translation';
import { AlertIcon, EyeIcon } from './icons';

// In a file of its own: pages that show only a form's problem load it without the form's helpers.
export { FormProblem } from './form-problem';

/**
 * The attributes that tie a control to its error message: `aria-invalid` and `aria-describedby`
 * only while there is an error, so a screen reader announces the message with the field.
 */
export function fieldControlProps(id: string, invalid: boolean) {
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
  } as const;
}

/** The error under a field; `role="alert"` so it is read out when it appears; a mark says it is one. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-error`} className="field-error" role="alert">
      <AlertIcon width={16} height={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

interface FormFieldProps {
  /** The control's id; the error message gets `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Already translated; shown instead of the hint. */
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** The control: spread `fieldControlProps(id, Boolean(error))` on it. */
  children: ReactNode;
}

/** Label + any control + error or hint. For a plain input use `TextField`. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error ? (
        <FieldError id={id}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'className' | 'children'>;

export type TextFieldProps = InputProps &
  Omit<FormFieldProps, 'children'> & {
    /** Classes added to the input's own `input` class. */
    inputClassName?: string;
  };

/** A labelled text input with its error; takes react-hook-form's `register()` spread (ref included). */
export function TextField({ id, label, error, hint, className, inputClassName, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <input
        {...input}
        {...fieldControlProps(id, Boolean(error))}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClassName ? `input ${inputClassName}` : 'input'}
      />
    </FormField>
  );
}

/**
 * A password input with a show/hide button (a toggle: `aria-pressed`, its name says what it does).
 * The browser must know whether to fill the saved password or suggest a new one. The hint (the
 * rules, for a new password) stays readable under an error, and both describe the field.
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  className,
  inputClassName,
  ...input
}: Omit<TextFieldProps, 'type' | 'autoComplete'> & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          {...fieldControlProps(id, Boolean(error))}
          aria-describedby={describedBy || undefined}
          type={shown ? 'text' : 'password'}
          className={`input pr-12 ${inputClassName ?? ''}`}
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-label={t('common.showPassword')}
          title={shown ? t('common.hidePassword') : t('common.showPassword')}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-2xl text-ink-soft hover:text-rose-800"
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/** A checkbox whose label holds text and links (terms, agreement), with its error under it. */
export function CheckboxField({
  id,
  error,
  className,
  children,
  ...input
}: Omit<InputProps, 'type'> & { id: string; error?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      {/* The whole label is the target, at least 44 px high (a native box alone is ~13 px). */}
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-sm">
        <input
          type="checkbox"
          {...input}
          {...fieldControlProps(id, Boolean(error))}
          className="mt-px size-5 shrink-0 accent-rose-600"
        />
        <span>{children}</span>
      </label>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * Turns a react-hook-form error into text: a key under `namespace` (web-only rules, e.g.
 * `checkout.errors`), else a SERVER_MESSAGES key of the shared zod schemas (one text for web and
 * server), else a text the server already translated (its `details.fields` messages).
 */
export function useFieldErrorText(namespace?: string) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  return (error?: { message?: string }) => {
    const message = error?.message;
    if (!message) return undefined;
    if (namespace && i18n.exists(`${namespace}.${message}`)) return t(`${namespace}.${message}`);
    if (isServerMessageKey(message)) return serverText(message);
    return message;
  };
}

/** The form's primary button: disabled and saying "Sending…" while the request runs. */
export function SubmitButton({
  pending,
  disabled,
  className,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={className ? `btn btn-primary ${className}` : 'btn btn-primary'}
      disabled={pending || disabled}
    >
      {pending ? t('common.sending') : children}
    </button>
  );
}
