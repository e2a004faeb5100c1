import type { Language } from '@atelier/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { type MissingInLanguage, missingFieldsByLanguage, warnOnce } from './missing-languages-warning';

/**
 * Warns once before saving texts a visitor would see in Russian. In the submit handler:
 * `if (!warning.allows(getValues())) return;` — the first save with a language missing stops and
 * shows `warning.notice(submit)` (an inline notice: "Save anyway" submits again, "Go back and fill
 * in" closes it and moves to the first language marked empty); the next save goes through. The
 * notice names, per language, exactly the fields left empty in it, with the labels the form shows
 * them under (`label(field, lang)`, e.g. "Описание (EN)").
 */
export function useMissingLanguagesWarning<T extends object, Field extends keyof T & string = keyof T & string>(
  fields: readonly Field[],
  label: (field: Field, lang: Language) => string,
) {
  const { t } = useTranslation();
  const [decide] = useState(warnOnce);
  const [shown, setShown] = useState<MissingInLanguage<Field>[] | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);

  const allows = (values: T): boolean => {
    const missing = missingFieldsByLanguage(values, fields);
    if (decide(missing.map((line) => line.lang)) === 'save') {
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
        <ul className="flex flex-col gap-1" data-testid="missing-languages-fields">
          {shown.map((line) => (
            <li key={line.lang} data-language={line.lang}>
              {t(`translations.admin.missingIn.${line.lang}`, {
                fields: line.fields.map((field) => label(field, line.lang)).join(', '),
              })}
            </li>
          ))}
        </ul>
        <p className="mt-1">
          {t(shown.length > 1 ? 'translations.admin.warningTail.both' : 'translations.admin.warningTail.one')}
        </p>
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
