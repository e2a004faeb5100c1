import type { SavedAddress } from '@atelier/shared';
import { useId } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { addressLine } from './address-book';

/** The new-address choice's value in the list (an id is a uuid, never this). */
export const NEW_ADDRESS = 'new';

/**
 * Checkout's choice among her remembered addresses (most recently used first, the first chosen
 * when the page opens) or another one she types. Shown only when she has more than one, or one
 * and may want another.
 */
export function SavedAddressChoice({
  addresses,
  value,
  onChange,
}: {
  addresses: readonly SavedAddress[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  if (addresses.length === 0) return null;
  return (
    <div className="mb-5 flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('checkout.savedAddress')}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {addressLine(address, language)}
          </option>
        ))}
        <option value={NEW_ADDRESS}>{t('checkout.newAddress')}</option>
      </select>
    </div>
  );
}
