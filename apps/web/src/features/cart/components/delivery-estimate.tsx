import {
  type CdekCity,
  type Currency,
  countryName,
  type DeliveryEstimate,
  formatMoney,
  type Language,
  localize,
  type OrderQuote,
  resolveCountry,
  rubMinorIn,
  toMinor,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { CITY_DEBOUNCE_MS, CitySearch, useDebounced } from '../../../shared/delivery/city-search';
import { CountryList, DeliveryOptionList, NotShipped } from '../../../shared/delivery/delivery-options';
import { useDeliveryCity, useDeliveryCountry } from '../../../shared/delivery/delivery-settings';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField } from '../../../shared/ui/form-field';
import { useCdekEstimate } from '../../cdek/api/get-cdek-estimate';
import { useCdekCities } from '../../cdek/api/get-cdek-points';
import { useCdekEnabled } from '../../cdek/api/get-cdek-settings';
import type { CartItem } from '../cart-rules';
import { travellingLines } from '../cart-rules';

/**
 * What the server's quote says of delivery, in the shape the option list shows: each method to the
 * country with its price and days, free from the threshold on the goods (the quote decides). A
 * CDEK point's price is known only once a point is chosen; the city's estimate stands in for it
 * here, free too when the goods reach the threshold.
 */
export function quotedEstimate(
  delivery: NonNullable<OrderQuote['delivery']>,
  currency: Currency,
  carrier: { carrierCost: number; periodMin: number | null; periodMax: number | null } | undefined,
): DeliveryEstimate {
  if (!delivery.shipped) return { kind: 'not-shipped', country: delivery.country ?? '' };
  return {
    kind: 'options',
    freeFrom: delivery.freeFrom,
    options: delivery.options.map((option) => {
      if (option.cost !== null || option.method !== 'courier_pickup' || !carrier) {
        return { ...option, costMinor: option.cost === null ? null : toMinor(option.cost) };
      }
      return {
        method: option.method,
        costMinor: delivery.free ? 0 : rubMinorIn(currency, toMinor(carrier.carrierCost)),
        minDays: carrier.periodMin ?? option.minDays,
        maxDays: carrier.periodMax ?? option.maxDays,
      };
    }),
  };
}

/**
 * The cart's delivery estimate, before the checkout: the customer's country (remembered for the
 * checkout), then each method to it with its price for this cart and its time, as the server's
 * quote of the cart gives them, or — where the shop sends no parcels — which lines cannot go and
 * that lessons and e-books work anywhere. With CDEK set up, the customer's city gives CDEK's own
 * price and days for her parcel (remembered too: the checkout's pickup points start from it).
 */
export function DeliveryEstimatePanel({
  items,
  quote,
  currency,
  language,
}: {
  items: readonly CartItem[];
  /** The server's quote of the cart to the remembered country. */
  quote: OrderQuote | undefined;
  currency: Currency;
  language: Language;
}) {
  const { t } = useTranslation();
  const id = useId();
  const carrierPriced = useCdekEnabled();
  const [country, setCountry] = useDeliveryCountry();
  const chosen = country ?? 'RU';
  const [typed, setTyped] = useState(() => countryName(chosen, language));
  const goods = travellingLines(items);
  const [city, setCity] = useDeliveryCity();
  const askCarrier = carrierPriced && chosen === 'RU' && goods.length > 0;
  const carrierEstimate = useCdekEstimate(
    askCarrier && city
      ? {
          items: goods.map(({ type, id, quantity, bookFormat }) => ({
            type,
            id,
            quantity,
            ...(bookFormat ? { bookFormat } : {}),
          })),
          cityCode: city.code,
        }
      : null,
  );
  const carrier = askCarrier && city ? carrierEstimate.data : undefined;
  if (goods.length === 0) return <p className="mt-4 text-sm text-ink-soft">{t('delivery.noParcel')}</p>;
  const delivery = quote?.delivery;
  const estimate = delivery ? quotedEstimate(delivery, currency, carrier) : null;
  const unknown = typed.trim() !== '' && resolveCountry(typed) === null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 border-t border-line pt-4">
      <h3 id={`${id}-title`} className="font-serif text-xl">
        {t('delivery.title')}
      </h3>
      <TextField
        id={`${id}-country`}
        label={t('delivery.country')}
        hint={unknown ? undefined : t('delivery.countryHint')}
        error={unknown ? t('delivery.unknownCountry') : undefined}
        list={`${id}-countries`}
        autoComplete="shipping country-name"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          const code = resolveCountry(event.target.value);
          if (code) setCountry(code);
        }}
        className="mt-2"
      />
      <CountryList id={`${id}-countries`} language={language} />
      {askCarrier ? (
        <CarrierCity
          id={`${id}-city`}
          city={city}
          onCity={setCity}
          pricing={carrierEstimate.isFetching}
          error={carrierEstimate.isError ? errorMessage(carrierEstimate.error, t('cdek.checkout.failed')) : null}
          onRetry={() => void carrierEstimate.refetch()}
        />
      ) : null}
      <div className="mt-3">
        {estimate === null ? (
          <p className="text-sm text-muted">{t('quote.pricing')}</p>
        ) : estimate.kind === 'not-shipped' ? (
          <NotShipped
            estimate={estimate}
            language={language}
            goods={goods.map((line) => localize(line.name, language))}
          />
        ) : estimate.kind === 'none' ? null : (
          <>
            <DeliveryOptionList estimate={estimate} currency={currency} language={language} />
            <p className="mt-2 text-xs text-muted">
              {chosen === 'RU' ? '' : `${t('delivery.abroad')} `}
              {t('delivery.freeFrom', { amount: formatMoney(estimate.freeFrom, currency, language) })}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

/** The customer's city for CDEK's price: a search until she picks one, then the city and "change". */
function CarrierCity({
  id,
  city,
  onCity,
  pricing,
  error,
  onRetry,
}: {
  id: string;
  city: CdekCity | null;
  onCity: (city: CdekCity | null) => void;
  pricing: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const typed = useDebounced(text, CITY_DEBOUNCE_MS);
  const cities = useCdekCities(city ? '' : typed);
  if (!city) {
    return (
      <div className="mt-3">
        <CitySearch id={id} text={text} onText={setText} typed={typed} cities={cities} onChoose={onCity} />
      </div>
    );
  }
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{t('delivery.cdekTo', { city: city.city })}</span>
        <button
          type="button"
          className="link"
          onClick={() => {
            setText('');
            onCity(null);
          }}
        >
          {t('cdek.checkout.change')}
        </button>
      </p>
      {pricing ? <p className="mt-1 text-muted">{t('cdek.checkout.pricing')}</p> : null}
      {error ? (
        <p className="mt-1 text-rose-800" role="alert">
          {error}{' '}
          <button type="button" className="link" onClick={onRetry}>
            {t('cdek.checkout.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
