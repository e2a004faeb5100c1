import { type Currency, EXCHANGE_RATES_RUB, formatMoney } from '@atelier/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useCurrency } from '../../../shared/currency/currency-store';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';

const COMMIT_DELAY_MS = 400;

/** Slider step in the display currency: 100 ₽ or 1 € / $. */
const STEP: Record<Currency, number> = { RUB: 100, EUR: 1, USD: 1 };

/**
 * The price filter: two native range sliders (minimum, maximum) in the display currency, so they
 * work by keyboard (arrows, Page Up/Down, Home/End) and read their value as money. The URL and
 * the API keep RUB (the catalogue filters on the RUB price): a value in € or $ is converted with
 * the shop's exchange rate. The ends of the track mean "no limit".
 */
export function PriceRange({
  minRub,
  maxRub,
  boundRub,
  legendClassName,
  onCommit,
}: {
  minRub: number | undefined;
  maxRub: number | undefined;
  /** The dearest product's RUB price: the right end of the track. */
  boundRub: number;
  legendClassName: string;
  onCommit: (range: { minPrice: number | null; maxPrice: number | null }) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const ids = { min: useId(), max: useId(), output: useId() };
  const rate = EXCHANGE_RATES_RUB[currency];
  const step = STEP[currency];
  const top = Math.max(step, Math.ceil(boundRub / rate / step) * step);
  const toDisplay = (rub: number | undefined, fallback: number) =>
    rub === undefined ? fallback : Math.min(top, Math.max(0, Math.round(rub / rate / step) * step));

  const [low, setLow] = useState(() => toDisplay(minRub, 0));
  const [high, setHigh] = useState(() => toDisplay(maxRub, top));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL (back button, reset, another currency) wins over what the sliders show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: toDisplay derives from these inputs
  useEffect(() => {
    setLow(toDisplay(minRub, 0));
    setHigh(toDisplay(maxRub, top));
  }, [minRub, maxRub, top, rate]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (nextLow: number, nextHigh: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      onCommit({
        minPrice: nextLow <= 0 ? null : Math.round(nextLow * rate),
        maxPrice: nextHigh >= top ? null : Math.round(nextHigh * rate),
      });
    }, COMMIT_DELAY_MS);
  };

  const money = (value: number) => formatMoney(value, currency, language);
  const lowText = money(low);
  const highText = high >= top ? t('shop.priceAny', { price: money(top) }) : money(high);

  return (
    <fieldset>
      <legend className={legendClassName}>{t('shop.priceRange')}</legend>
      <output id={ids.output} htmlFor={`${ids.min} ${ids.max}`} className="mb-3 block text-sm font-semibold text-ink">
        {t('shop.priceBetween', { from: lowText, to: highText })}
      </output>
      <div className="grid grid-cols-1 gap-3">
        <div>
          <label htmlFor={ids.min} className="mb-1 block text-xs font-semibold text-muted">
            {t('shop.priceMin')}
          </label>
          <input
            id={ids.min}
            type="range"
            min={0}
            max={top}
            step={step}
            value={low}
            aria-valuetext={lowText}
            onChange={(event) => {
              const value = Math.min(Number(event.target.value), high);
              setLow(value);
              commit(value, high);
            }}
            className="w-full accent-rose-600"
          />
        </div>
        <div>
          <label htmlFor={ids.max} className="mb-1 block text-xs font-semibold text-muted">
            {t('shop.priceMax')}
          </label>
          <input
            id={ids.max}
            type="range"
            min={0}
            max={top}
            step={step}
            value={high}
            aria-valuetext={highText}
            onChange={(event) => {
              const value = Math.max(Number(event.target.value), low);
              setHigh(value);
              commit(low, value);
            }}
            className="w-full accent-rose-600"
          />
        </div>
      </div>
    </fieldset>
  );
}
