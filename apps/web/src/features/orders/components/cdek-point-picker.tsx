import { type CdekCity, type CdekPoint, type CdekQuote, formatMoney } from '@atelier/shared';
import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { CITY_DEBOUNCE_MS, CitySearch, useDebounced } from '../../../shared/delivery/city-search';
import { useDeliveryCity } from '../../../shared/delivery/delivery-settings';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FieldError } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { useCdekCities, useCdekPoints } from '../../cdek/api/get-cdek-points';

const OPTION =
  'flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-white px-4 py-3 has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600';

export interface CdekPointPickerProps {
  /** The chosen point's code ('' = none). */
  value: string;
  onChange: (point: CdekPoint | null) => void;
  /** The server's price for the cart to the chosen point (or its answer while asking / failing). */
  quote: { data: CdekQuote | undefined; isFetching: boolean; error: unknown };
  /** The form's error (no point chosen), already translated. */
  error?: string | undefined;
}

/**
 * CDEK delivery at the checkout: the customer types her city, picks it among CDEK's places, then
 * picks a pickup point or parcel locker from the list (searchable by address or name; native radio
 * buttons, so arrows and Tab work and a screen reader reads each option with its hours). The price
 * shown is the server's quote, never computed here. No map: nothing needs a map provider's key.
 */
export function CdekPointPicker({ value, onChange, quote, error }: CdekPointPickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const [cityText, setCityText] = useState('');
  const [city, setCity] = useDeliveryCity();
  const [filter, setFilter] = useState('');
  const typed = useDebounced(cityText, CITY_DEBOUNCE_MS);
  const cities = useCdekCities(city ? '' : typed);
  const points = useCdekPoints(city?.code ?? null);

  const shown = useMemo(() => {
    const words = filter.trim().toLocaleLowerCase(language).split(/\s+/).filter(Boolean);
    return (points.data ?? []).filter((point) => {
      const text = `${point.name} ${point.address} ${point.code}`.toLocaleLowerCase(language);
      return words.every((word) => text.includes(word));
    });
  }, [points.data, filter, language]);
  const chosen = points.data?.find((point) => point.code === value) ?? quote.data?.point ?? null;

  const chooseCity = (next: CdekCity | null) => {
    setCity(next);
    setFilter('');
    onChange(null);
  };

  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id('picker')}-error` : undefined}>
      <legend className="field-label">{t('cdek.checkout.legend')}</legend>
      {city ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold">
            {city.city}
            {city.region && city.region !== city.city ? `, ${city.region}` : ''}
          </span>
          <button type="button" className="link" onClick={() => chooseCity(null)}>
            {t('cdek.checkout.change')}
          </button>
        </p>
      ) : (
        <CitySearch
          id={id('city')}
          text={cityText}
          onText={setCityText}
          typed={typed}
          cities={cities}
          onChoose={chooseCity}
        />
      )}

      {city ? (
        <div className="mt-4">
          {points.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner className="size-4" /> {t('cdek.checkout.loading')}
            </p>
          ) : points.isError ? (
            <p className="text-sm text-rose-800" role="alert">
              {errorMessage(points.error, t('cdek.checkout.failed'))}{' '}
              <button type="button" className="link" onClick={() => void points.refetch()}>
                {t('cdek.checkout.retry')}
              </button>
            </p>
          ) : (points.data ?? []).length === 0 ? (
            <p className="text-sm text-ink-soft">{t('cdek.checkout.noPoints')}</p>
          ) : (
            <>
              <label htmlFor={id('filter')} className="field-label">
                {t('cdek.checkout.filter')}
              </label>
              <input
                id={id('filter')}
                type="search"
                className="input"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                autoComplete="off"
                aria-describedby={id('found')}
              />
              <p id={id('found')} className="mt-1.5 text-sm text-muted" aria-live="polite">
                {t('cdek.checkout.found', { count: shown.length })}
              </p>
              <fieldset className="mt-3">
                <legend className="sr-only">{t('cdek.checkout.points', { city: city.city })}</legend>
                {shown.length === 0 ? (
                  <p className="text-sm text-ink-soft">{t('cdek.checkout.noMatch')}</p>
                ) : (
                  <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1">
                    {shown.map((point) => (
                      <li key={point.code}>
                        <label className={OPTION}>
                          <input
                            type="radio"
                            name={id('point')}
                            value={point.code}
                            checked={value === point.code}
                            onChange={() => onChange(point)}
                            className="mt-1 accent-rose-600"
                          />
                          <span className="min-w-0 text-sm">
                            <span className="font-semibold">{point.name}</span>{' '}
                            <span className="ml-1 inline-flex rounded-full bg-blush-100 px-2 py-0.5 text-xs font-semibold text-rose-800">
                              {t(`cdek.checkout.type.${point.type}`)}
                            </span>
                            <span className="mt-1 block wrap-anywhere">{point.address}</span>
                            {point.workTime ? (
                              <span className="block text-ink-soft">
                                {t('cdek.checkout.hours', { hours: point.workTime })}
                              </span>
                            ) : null}
                            {point.note ? <span className="block text-muted">{point.note}</span> : null}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
            </>
          )}
        </div>
      ) : null}

      {error ? <FieldError id={id('picker')}>{error}</FieldError> : null}
      {value && chosen ? <QuoteLine point={chosen} quote={quote} /> : null}
    </fieldset>
  );
}

/** The chosen point and what the server says delivery there costs. */
function QuoteLine({ point, quote }: { point: CdekPoint; quote: CdekPointPickerProps['quote'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const data = quote.data?.point.code === point.code ? quote.data : undefined;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'RUB', language);
  return (
    <div className="mt-4 rounded-2xl bg-blush-50 px-4 py-3 text-sm" role="status">
      <p className="wrap-anywhere">{t('cdek.checkout.chosen', { name: point.name, address: point.address })}</p>
      {data ? (
        <p className="mt-1 font-semibold">
          {data.free
            ? t('cdek.checkout.priceFree', { amount: money(data.carrierCostInCurrency) })
            : t('cdek.checkout.price', { amount: money(data.deliveryCostInCurrency) })}
          {data.periodMin !== null && data.periodMax !== null ? (
            <span className="font-normal text-ink-soft">
              {' '}
              · {t('cdek.checkout.period', { min: data.periodMin, max: data.periodMax })}
            </span>
          ) : null}
        </p>
      ) : quote.error ? (
        <p className="mt-1 font-semibold text-rose-800">{errorMessage(quote.error, t('cdek.checkout.failed'))}</p>
      ) : (
        <p className="mt-1 flex items-center gap-2 text-muted">
          <Spinner className="size-4" /> {t('cdek.checkout.pricing')}
        </p>
      )}
    </div>
  );
}
