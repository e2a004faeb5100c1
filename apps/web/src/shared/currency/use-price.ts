import type { Price } from '@atelier/shared';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { useCurrency } from './currency-store';
import { type DisplayAmount, formatAmount, formatPrice } from './display-price';

/** Formats prices in the visitor's currency and language; a free item reads "Бесплатно" / "Free" / "Gratis". */
export function usePriceFormatter(): (price: Price) => string {
  const { t } = useTranslation();
  const currency = useCurrency();
  const language = useLanguage();
  return (price) => formatPrice(price, currency, language, t('common.free'));
}

/** Formats a total the server answered the same way: a zero total reads as the word for free. */
export function useAmountFormatter(): (amount: DisplayAmount) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (amount) => formatAmount(amount, language, t('common.free'));
}
