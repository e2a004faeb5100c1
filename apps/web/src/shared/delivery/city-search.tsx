import type { CdekCity } from '@atelier/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useTranslation } from '../i18n/use-translation';
import { fieldControlProps } from '../ui/form-field';
import { Spinner } from '../ui/spinner';

/** Typing settles this long before CDEK is asked for places. */
export const CITY_DEBOUNCE_MS = 350;

export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The customer's city among CDEK's places: she types its start, then picks it from the buttons
 * that appear (the cart's delivery estimate and the checkout's pickup point both start here).
 */
export function CitySearch({
  id,
  text,
  onText,
  typed,
  cities,
  onChoose,
}: {
  id: string;
  text: string;
  onText: (text: string) => void;
  typed: string;
  /** CDEK's places for what was typed (the cdek feature's `useCdekCities`). */
  cities: UseQueryResult<CdekCity[]>;
  onChoose: (city: CdekCity) => void;
}) {
  const { t } = useTranslation();
  const asked = typed.trim().length >= 2;
  const list = asked ? (cities.data ?? []) : [];
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('cdek.checkout.city')}
      </label>
      <input
        {...fieldControlProps(id, false)}
        type="text"
        className="input"
        value={text}
        onChange={(event) => onText(event.target.value)}
        autoComplete="address-level2"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {t('cdek.checkout.cityHint')}
      </p>
      <div aria-live="polite">
        {!asked ? null : cities.isFetching && list.length === 0 ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <Spinner className="size-4" /> {t('cdek.checkout.loading')}
          </p>
        ) : cities.isError ? (
          <p className="mt-2 text-sm text-rose-800">
            {errorMessage(cities.error, t('cdek.checkout.failed'))}{' '}
            <button type="button" className="link" onClick={() => void cities.refetch()}>
              {t('cdek.checkout.retry')}
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">{t('cdek.checkout.noCities')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('cdek.checkout.cities')}>
            {list.map((city) => (
              <li key={city.code}>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => onChoose(city)}>
                  {/* One flex item, so the name reads "Казань, Республика Татарстан" without a stray space. */}
                  <span>
                    {city.city}
                    {city.region && city.region !== city.city ? (
                      <span className="font-normal text-muted">, {city.region}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
