import type { User } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { consentRefs, isOutdatedConsent } from '../../../shared/legal/consents';
import { legalKeys } from '../../../shared/legal/keys';
import { useLegalList } from '../../../shared/legal/legal-api';
import { LegalModal } from '../../../shared/legal/legal-modal';
import { FormProblem } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useUpdateMarketingConsent } from '../api/update-marketing-consent';

/**
 * The opt-in to reminders (a cart left behind) and news by email: off until the customer ticks it.
 * Ticking it is a consent to the marketing consent text in force, whose version is sent with it.
 */
export function MarketingConsent({ user }: { user: User }) {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const update = useUpdateMarketingConsent();
  const legalList = useLegalList(language);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const checked = update.isPending ? update.variables.consent : user.marketingConsent;
  const document = consentRefs(legalList.data, ['marketing'])?.[0];

  const change = (consent: boolean) => {
    setProblem(null);
    if (consent && !document) {
      setProblem(t('legal.textsUnavailable'));
      return;
    }
    update.mutate(
      { consent, document: consent ? document : undefined },
      {
        onSuccess: ({ message }) => {
          if (message) toast.success(message);
        },
        onError: (error) => {
          if (isOutdatedConsent(error)) void queryClient.invalidateQueries({ queryKey: legalKeys.all });
          setProblem(errorMessage(error, t('account.mailFailed')));
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl">
        {t('account.mailTitle')}
      </h2>
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-rose-600"
          checked={checked}
          // Turning it on names the consent text in force: wait for it to be known.
          disabled={update.isPending || (!checked && !document)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.target.checked)}
        />
        <span className="font-semibold">{t('account.mailConsent')}</span>
      </label>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
        {t('account.mailHint')}
      </p>
      <p className="mt-2 text-sm">
        <button type="button" className="link" onClick={() => setReading(true)}>
          {t('account.mailConsentText')}
        </button>
      </p>
      <div className="mt-3">
        <FormProblem>{problem}</FormProblem>
      </div>
      <LegalModal doc={reading ? 'marketing' : null} onClose={() => setReading(false)} />
    </section>
  );
}
