import type { NotificationSettings } from '@atelier/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/get-dashboard';
import { timeZoneLabel } from './time-zone-label';

const KINDS = ['paidOrder', 'expiringOrder', 'paypalInvoice', 'paymentAlert', 'dailyDigest'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const TELEGRAM_STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * Whether alerts also go to Telegram, in the owner's words; when they do not, a short guide she
 * can follow (the bot's key and chat are entered on the server by whoever runs it).
 */
export function TelegramStatus({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  if (connected) {
    return (
      <p className="mt-2 text-sm" data-testid="telegram-status" data-connected="true">
        <span aria-hidden="true">✓ </span>
        {t('admin.notifications.telegramOn')}
      </p>
    );
  }
  return (
    <div className="mt-2 text-sm" data-testid="telegram-status" data-connected="false">
      <p>{t('admin.notifications.telegramOff')}</p>
      <details className="mt-1 rounded-xl bg-blush-50 px-3 py-2">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-rose-800">
          {t('admin.notifications.telegramHow')}
        </summary>
        <ol className="mt-1 mb-2 list-decimal space-y-1.5 ps-5">
          {TELEGRAM_STEPS.map((step) => (
            <li key={step}>{t(`admin.notifications.telegramSteps.${step}`)}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Dashboard: which notices the owner gets (by mail, and in Telegram once connected), digest hour, language. */
export function NotificationSettingsPanel() {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const zone = query.data ? timeZoneLabel(query.data.timeZone, language) : null;
  const zoneText = !zone ? '' : 'key' in zone ? t(zone.key) : t('admin.notifications.zoneNamed', { name: zone.name });

  useEffect(() => {
    if (query.data) {
      const { email: _email, telegram: _telegram, timeZone: _zone, ...settings } = query.data;
      setDraft(settings);
    }
  }, [query.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      toast.success(t('admin.notifications.saved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('admin.notifications.saveFailed')));
    }
  };

  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="admin-notifications-title">
      <h2 id="admin-notifications-title" className="font-serif text-2xl">
        {t('admin.notifications.title')}
      </h2>
      {query.isPending || (query.data && !draft) ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError || !draft ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <form className="mt-2" onSubmit={(event) => void submit(event)}>
          <p className="text-sm text-ink-soft">{t('admin.notifications.hint', { email: query.data.email })}</p>
          <TelegramStatus connected={query.data.telegram} />
          <fieldset className="mt-4">
            <legend className="field-label">{t('admin.notifications.kinds')}</legend>
            <div className="mt-1 flex flex-col gap-2">
              {KINDS.map((kind) => (
                <label key={kind} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-rose-700"
                    checked={draft[kind]}
                    onChange={(event) => setDraft({ ...draft, [kind]: event.target.checked })}
                  />
                  {t(`admin.notifications.${kind}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-wrap gap-4">
            <div>
              <label htmlFor={`${base}-hour`} className="field-label">
                {t('admin.notifications.digestHour', { zone: zoneText })}
              </label>
              <select
                id={`${base}-hour`}
                className="input"
                value={draft.digestHour}
                disabled={!draft.dailyDigest}
                onChange={(event) => setDraft({ ...draft, digestHour: Number(event.target.value) })}
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {`${String(hour).padStart(2, '0')}:00`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${base}-language`} className="field-label">
                {t('admin.notifications.language')}
              </label>
              <select
                id={`${base}-language`}
                className="input"
                value={draft.language}
                onChange={(event) =>
                  setDraft({ ...draft, language: event.target.value as NotificationSettings['language'] })
                }
              >
                {(['ru', 'en', 'es'] as const).map((lang) => (
                  <option key={lang} value={lang} lang={lang}>
                    {t(`admin.notifications.languages.${lang}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="btn btn-primary mt-4" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4" /> : null}
            {t('admin.notifications.save')}
          </button>
        </form>
      )}
    </section>
  );
}
