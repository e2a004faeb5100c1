import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Label + control + translated error (message keys live under auth.errors). */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(`auth.errors.${error}`)}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error: unknown) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}
