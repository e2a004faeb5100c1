import { type Language, missingLanguages } from '@atelier/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { warningKey, warnOnce } from './missing-languages-warning';

/**
 * Warns once before saving texts a visitor would see in Russian. In the submit handler:
 * `if (!warning.allows(getValues())) return;` — the first save with a language missing stops and
 * shows `warning.notice(submit)` (an inline notice: "Save anyway" submits again, "Go back and fill
 * in" closes it and moves to the first language marked empty); the next save goes through.
 */
export function useMissingLanguagesWarning<T extends object>(fields: readonly (keyof T & string)[]) {
  const { t } = useTranslation();
  const [decide] = useState(warnOnce);
  const [shown, setShown] = useState<Language[] | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);

  const allows = (values: T): boolean => {
    const missing = missingLanguages(values, fields);
    if (decide(missing) === 'save') {
      setShown(null);
      return true;
    }
    setShown(missing);
    return false;
  };

  const notice = (saveAnyway: () => unknown): ReactNode =>
    shown ? (
      <div
        ref={box}
        tabIndex={-1}
        role="alert"
        className="rounded-2xl border border-gold-300 bg-gold-300/25 p-4 text-ink focus:outline-none"
        data-testid="missing-languages-warning"
      >
        <p>{t(warningKey(shown))}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            onClick={() => {
              const form = box.current?.closest('form');
              setShown(null);
              form?.querySelector<HTMLElement>('[data-empty-language]')?.closest('button')?.focus();
            }}
          >
            {t('translations.admin.goBack')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm min-h-11"
            onClick={() => {
              setShown(null);
              void saveAnyway();
            }}
          >
            {t('translations.admin.saveAnyway')}
          </button>
        </div>
      </div>
    ) : null;

  return { allows, notice };
}
