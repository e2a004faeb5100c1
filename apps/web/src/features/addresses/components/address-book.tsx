import { countryName, type Language, type SavedAddress } from '@atelier/shared';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useForgetAddress, useSavedAddresses } from '../api/addresses';

/** One address on one line: street, city, postcode, country. */
export function addressLine(address: SavedAddress, language: Language): string {
  return [address.address, address.city, address.postalCode, countryName(address.country, language)]
    .filter(Boolean)
    .join(', ');
}

/**
 * The account's address book: the delivery addresses checkout remembered for her, each with a
 * button to forget it. Nothing shows until she has one.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: addresses = [] } = useSavedAddresses(true);
  const forget = useForgetAddress();
  if (addresses.length === 0) return null;
  return (
    <section aria-labelledby="account-addresses" className="card p-6 sm:p-8">
      <h2 id="account-addresses" className="font-serif text-2xl">
        {t('account.addresses')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('account.addressesHint')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {addresses.map((address) => (
          <li
            key={address.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line px-4 py-3"
          >
            <span className="min-w-0 break-words">{addressLine(address, language)}</span>
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11"
              disabled={forget.isPending && forget.variables === address.id}
              onClick={() => forget.mutate(address.id)}
              aria-label={t('account.forgetAddressOf', { address: addressLine(address, language) })}
            >
              {t('account.forgetAddress')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
