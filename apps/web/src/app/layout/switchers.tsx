import { CURRENCIES, CURRENCY_SYMBOLS, LANGUAGES } from '@atelier/shared';
import { setCurrency, useCurrency } from '../../shared/currency/currency-store';
import { changeLanguage } from '../../shared/i18n/i18n';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';

const segment =
  'min-h-9 min-w-11 px-2.5 text-xs font-semibold tracking-wider transition-colors first:rounded-l-full last:rounded-r-full aria-pressed:bg-rose-600 aria-pressed:text-white';

/** RUB / EUR / USD buttons; the choice is kept in localStorage `currency`. */
export function CurrencySwitcher({ tone = 'light' }: { tone?: 'light' | 'plain' }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <fieldset className="flex">
      <legend className="sr-only">{t('header.currency')}</legend>
      <div
        className={`inline-flex rounded-full border ${tone === 'light' ? 'border-line bg-ivory' : 'border-line bg-white'}`}
      >
        {CURRENCIES.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={currency === code}
            title={`${code} ${CURRENCY_SYMBOLS[code]}`}
            onClick={() => setCurrency(code)}
            className={`${segment} text-ink-soft hover:text-rose-800`}
          >
            {code}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** RU / EN / ES buttons; the choice is kept in the `lang` cookie for 365 days. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'plain' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="flex">
      <legend className="sr-only">{t('header.language')}</legend>
      <div
        className={`inline-flex rounded-full border ${tone === 'light' ? 'border-line bg-ivory' : 'border-line bg-white'}`}
      >
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={language === code}
            title={t(`header.languageNames.${code}`)}
            onClick={() => void changeLanguage(code)}
            className={`${segment} text-ink-soft hover:text-rose-800`}
          >
            {code.toUpperCase()}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
