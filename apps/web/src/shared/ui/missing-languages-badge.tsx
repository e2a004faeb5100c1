import type { Language } from '@atelier/shared';
import { useTranslation } from '../i18n/use-translation';

/**
 * Beside a title in an admin list: one small mark per language a visitor would see in Russian
 * ("no EN", "no ES"); a screen reader hears "English translation missing". Nothing when complete.
 */
export function MissingLanguagesBadge({
  languages,
  className = 'inline-flex flex-wrap gap-1 align-middle',
}: {
  languages: readonly Language[];
  /** Classes of the marks' row (defaults to inline, beside the title). */
  className?: string;
}) {
  const { t } = useTranslation();
  if (languages.length === 0) return null;
  return (
    <span className={className} data-testid="missing-languages">
      {languages.map((lang) => (
        <span
          key={lang}
          className="inline-flex rounded-full bg-gold-300/60 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink"
        >
          <span aria-hidden="true">{t(`translations.admin.missing.${lang}`)}</span>
          <span className="sr-only">{t(`translations.admin.missingFull.${lang}`)}</span>
        </span>
      ))}
    </span>
  );
}
