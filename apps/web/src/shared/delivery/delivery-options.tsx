import {
  COUNTRY_CODES,
  type Currency,
  countryName,
  countryOptions,
  type DeliveryEstimate,
  formatMoney,
  fromMinor,
  type Language,
  localize,
  type PickupPlace,
} from '@atelier/shared';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Every country, named in the page's language (Russia first): what the country fields suggest as one types. */
export function CountryList({ id, language }: { id: string; language: Language }) {
  const options = useMemo(() => countryOptions(COUNTRY_CODES, language), [language]);
  return (
    <datalist id={id}>
      {options.map((option) => (
        <option key={option.code} value={option.name} />
      ))}
    </datalist>
  );
}

/** "3–7 days" in the page's language. */
export function useDaysText() {
  const { t } = useTranslation();
  return (minDays: number, maxDays: number) => t('delivery.days', { min: minDays, count: maxDays });
}

/** A method's price: free, the flat price, or the carrier's tariff (CDEK, priced for the chosen point). */
export function useDeliveryPriceText(currency: Currency, language: Language) {
  const { t } = useTranslation();
  return (costMinor: number | null) =>
    costMinor === null
      ? t('delivery.byTariff')
      : costMinor === 0
        ? t('checkout.free')
        : formatMoney(fromMinor(costMinor), currency, language);
}

/**
 * What the estimate says when no method can be offered: nothing travels (no delivery), or the
 * shop does not send parcels to the country — then which lines cannot go and that lessons and
 * e-books work anywhere.
 */
export function NotShipped({
  estimate,
  language,
  goods,
}: {
  estimate: Extract<DeliveryEstimate, { kind: 'not-shipped' }>;
  language: Language;
  /** The names of the lines that would travel. */
  goods: string[];
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className="rounded-2xl bg-blush-50 p-4 text-sm" data-testid="not-shipped">
      <p className="font-semibold text-rose-800">
        {t('delivery.notShipped', { country: countryName(estimate.country, language) })}
      </p>
      {goods.length > 0 ? (
        <p className="mt-1 text-ink-soft">{t('delivery.cannotShip', { names: goods.join(', ') })}</p>
      ) : null}
      <p className="mt-1 text-ink-soft">{t('delivery.worksAnywhere')}</p>
    </div>
  );
}

/** The price list of an estimate: each method, its price for this cart and its time. */
export function DeliveryOptionList({
  estimate,
  currency,
  language,
}: {
  estimate: Extract<DeliveryEstimate, { kind: 'options' }>;
  currency: Currency;
  language: Language;
}) {
  const { t } = useTranslation();
  const days = useDaysText();
  const price = useDeliveryPriceText(currency, language);
  return (
    <ul className="figures flex flex-col gap-1.5 text-sm" data-testid="delivery-estimate">
      {estimate.options.map((option) => (
        <li key={option.method} className="flex justify-between gap-3">
          <span className="text-ink-soft">
            {t(`checkout.delivery.${option.method}`)}
            <span className="block text-xs text-muted">{days(option.minDays, option.maxDays)}</span>
          </span>
          <span className="shrink-0 font-semibold">{price(option.costMinor)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where pickup orders are collected: the workshop's address, hours and a map link (the owner's settings). */
export function PickupPlaceInfo({ place, language }: { place: PickupPlace; language: Language }) {
  const { t } = useTranslation();
  const address = localize(place.address, language);
  const hours = localize(place.hours, language);
  if (!address) return <p className="text-sm text-ink-soft">{t('checkout.pickupHint')}</p>;
  return (
    <div className="text-sm text-ink-soft" data-testid="pickup-place">
      <p>
        <span className="font-semibold text-ink">{t('delivery.workshop')}: </span>
        {address}
      </p>
      {hours ? (
        <p className="mt-1">
          <span className="font-semibold text-ink">{t('delivery.hours')}: </span>
          {hours}
        </p>
      ) : null}
      {place.mapUrl ? (
        <a href={place.mapUrl} target="_blank" rel="noopener noreferrer" className="link mt-1 inline-block">
          {t('delivery.map')}
        </a>
      ) : null}
      <p className="mt-1">{t('delivery.pickupReady')}</p>
    </div>
  );
}
