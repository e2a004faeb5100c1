import {
  type Currency,
  countryName,
  estimateDelivery,
  formatMoney,
  type Language,
  localize,
  resolveCountry,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { CountryList, DeliveryOptionList, NotShipped } from '../../../shared/delivery/delivery-options';
import { useDeliveryCountry, useDeliverySettings } from '../../../shared/delivery/delivery-settings';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField } from '../../../shared/ui/form-field';
import { useCdekEnabled } from '../../cdek/api/get-cdek-settings';
import type { CartItem } from '../cart-rules';
import { travellingLines } from '../cart-rules';

/**
 * The cart's delivery estimate, before the checkout: the customer's country (remembered for the
 * checkout), then each method to it with its price for this cart and its time, or — where the
 * shop sends no parcels — which lines cannot go and that lessons and e-books work anywhere.
 */
export function DeliveryEstimatePanel({
  items,
  goodsMinor,
  currency,
  language,
}: {
  items: readonly CartItem[];
  goodsMinor: number;
  currency: Currency;
  language: Language;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { settings } = useDeliverySettings();
  const carrierPriced = useCdekEnabled();
  const [country, setCountry] = useDeliveryCountry();
  const chosen = country ?? 'RU';
  const [typed, setTyped] = useState(() => countryName(chosen, language));
  const goods = travellingLines(items);
  const estimate = estimateDelivery({
    currency,
    goodsMinor,
    hasPhysical: goods.length > 0,
    country: chosen,
    shippingCountries: settings.shippingCountries,
    carrierPriced,
  });
  if (estimate.kind === 'none') return <p className="mt-4 text-sm text-ink-soft">{t('delivery.noParcel')}</p>;
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
      <div className="mt-3">
        {estimate.kind === 'not-shipped' ? (
          <NotShipped
            estimate={estimate}
            language={language}
            goods={goods.map((line) => localize(line.name, language))}
          />
        ) : (
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
