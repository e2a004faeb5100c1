import type { Price } from '@atelier/shared';
import { useLanguage } from '../i18n/use-language';
import { useCurrency } from './currency-store';
import { formatPrice } from './display-price';

/** Formats prices in the visitor's currency and language. */
export function usePriceFormatter(): (price: Price) => string {
  const currency = useCurrency();
  const language = useLanguage();
  return (price) => formatPrice(price, currency, language);
}
