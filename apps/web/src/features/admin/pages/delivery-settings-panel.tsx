import {
  COUNTRY_CODES,
  countryOptions,
  DEFAULT_SHIPPING_COUNTRIES,
  type DeliverySettings,
  HOME_COUNTRY,
  LANGUAGES,
} from '@atelier/shared';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useDeliverySettings, useSaveDeliverySettings } from '../../../shared/delivery/delivery-settings';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';

/**
 * /admin/settings: where the shop sends parcels (a list of every country to tick, with a search
 * and the two usual lists a click away) and the workshop customers collect pickup orders from.
 */
export function DeliverySettingsPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const { query } = useDeliverySettings();
  const save = useSaveDeliverySettings();
  const [draft, setDraft] = useState<DeliverySettings | null>(null);
  const [search, setSearch] = useState('');
  const all = useMemo(() => countryOptions(COUNTRY_CODES, language), [language]);

  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      toast.success(t('admin.delivery.saved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('admin.delivery.saveFailed')));
    }
  };

  const chosen = new Set(draft?.shippingCountries ?? []);
  const setCountries = (codes: Iterable<string>) =>
    draft && setDraft({ ...draft, shippingCountries: [...codes].sort() });
  const needle = search.trim().toLocaleLowerCase(language);
  const shown = needle ? all.filter((option) => option.name.toLocaleLowerCase(language).includes(needle)) : all;
  const pickup = draft?.pickup;
  const setPickup = (patch: Partial<DeliverySettings['pickup']>) =>
    draft && setDraft({ ...draft, pickup: { ...draft.pickup, ...patch } });

  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="font-serif text-2xl">
        {t('admin.delivery.title')}
      </h2>
      {query.isPending || (query.data && !draft) ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError || !draft || !pickup ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <form className="mt-2" onSubmit={(event) => void submit(event)}>
          <fieldset>
            <legend className="field-label">{t('admin.delivery.countries')}</legend>
            <p className="text-sm text-ink-soft">
              {t('admin.delivery.countriesHint', { count: draft.shippingCountries.length })}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setCountries([HOME_COUNTRY])}>
                {t('admin.delivery.onlyHome')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => setCountries(DEFAULT_SHIPPING_COUNTRIES)}
              >
                {t('admin.delivery.postList')}
              </button>
            </div>
            <TextField
              id={`${base}-search`}
              label={t('admin.delivery.search')}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="mt-3"
            />
            <ul className="mt-2 max-h-72 overflow-y-auto rounded-2xl border border-line p-2" data-testid="countries">
              {shown.map((option) => (
                <li key={option.code}>
                  <label className="flex min-h-11 items-center gap-3 px-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-rose-700"
                      checked={chosen.has(option.code)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(option.code);
                        else next.delete(option.code);
                        setCountries(next);
                      }}
                    />
                    {option.name}
                  </label>
                </li>
              ))}
              {shown.length === 0 ? <li className="px-2 py-3 text-sm text-muted">{t('admin.delivery.none')}</li> : null}
            </ul>
          </fieldset>
          <fieldset className="mt-6">
            <legend className="field-label">{t('admin.delivery.workshop')}</legend>
            <p className="text-sm text-ink-soft">{t('admin.delivery.workshopHint')}</p>
            <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
              {LANGUAGES.map((lang) => (
                <TextField
                  key={`address-${lang}`}
                  id={`${base}-address-${lang}`}
                  label={t('admin.delivery.address', { language: t(`admin.notifications.languages.${lang}`) })}
                  value={pickup.address[lang] ?? ''}
                  maxLength={300}
                  onChange={(event) => setPickup({ address: { ...pickup.address, [lang]: event.target.value } })}
                />
              ))}
              {LANGUAGES.map((lang) => (
                <TextField
                  key={`hours-${lang}`}
                  id={`${base}-hours-${lang}`}
                  label={t('admin.delivery.hours', { language: t(`admin.notifications.languages.${lang}`) })}
                  value={pickup.hours[lang] ?? ''}
                  maxLength={300}
                  onChange={(event) => setPickup({ hours: { ...pickup.hours, [lang]: event.target.value } })}
                />
              ))}
            </div>
            <TextField
              id={`${base}-map`}
              label={t('admin.delivery.map')}
              hint={t('admin.delivery.mapHint')}
              type="url"
              inputMode="url"
              value={pickup.mapUrl}
              maxLength={500}
              onChange={(event) => setPickup({ mapUrl: event.target.value })}
              className="mt-4"
            />
          </fieldset>
          <button type="submit" className="btn btn-primary mt-5" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4" /> : null}
            {t('admin.delivery.save')}
          </button>
        </form>
      )}
    </section>
  );
}
