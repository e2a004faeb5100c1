import type { StandingConsent } from '@atelier/shared';
import type { ComponentProps, ReactNode } from 'react';
import { formatDate } from '../format/date';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { CheckboxField } from '../ui/form-field';

/**
 * A consent a form asks for: its box to tick or, when the account's consent to the text in force
 * stands (`GET /user/consents`), the same words with the date she gave it — not asked again.
 */
export function ConsentBox({
  given,
  children,
  ...box
}: ComponentProps<typeof CheckboxField> & { given: StandingConsent | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!given) return <CheckboxField {...box}>{children}</CheckboxField>;
  return (
    <p className={`flex items-start gap-3 text-sm ${box.className ?? ''}`}>
      <span aria-hidden="true" className="mt-0.5 font-bold text-rose-700">
        ✓
      </span>
      <span>
        {children}{' '}
        <span className="text-muted">({t('legal.givenOn', { date: formatDate(given.givenAt, language) })})</span>
      </span>
    </p>
  );
}
