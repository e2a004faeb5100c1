import { LANGUAGES, type Language } from '@atelier/shared';
import {
  CUSTOMER_MAIL_PREVIEW_KINDS,
  MAIL_PREVIEW_LABELS,
  type MailPreviewKind,
  OWNER_MAIL_PREVIEW_KINDS,
} from '@atelier/shared/mail-previews.constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { QueryState } from '../../../shared/ui/query-state';
import { useMailPreview } from '../api/get-mail-preview';

const WIDTHS = ['phone', 'desktop'] as const;
/** The mails in two groups: those customers get, and the owner's own alerts. */
const GROUPS = [
  { key: 'toCustomers', kinds: CUSTOMER_MAIL_PREVIEW_KINDS },
  { key: 'toYou', kinds: OWNER_MAIL_PREVIEW_KINDS },
] as const;
type Width = (typeof WIDTHS)[number];

/**
 * /admin/mails: every mail the shop sends (to customers, and the owner's own alerts), drawn with sample data in the chosen language, as it
 * would be sent: the designed version in a sandboxed frame (no script runs, no link leaves it) at a
 * phone's or a computer's width, and the plain-text version mail programs show without design.
 */
export function MailPreviewsPage() {
  const { t } = useTranslation();
  const uiLanguage = useLanguage();
  const [kind, setKind] = useState<MailPreviewKind>('order_paid');
  const [lang, setLang] = useState<Language>(uiLanguage);
  const [width, setWidth] = useState<Width>('desktop');
  const query = useMailPreview(kind, lang);

  return (
    <section aria-labelledby="mails-admin-title">
      <h1 id="mails-admin-title" className="mb-2 text-4xl">
        {t('admin.sections.mails')}
      </h1>
      <p className="mb-6 max-w-2xl text-ink-soft">{t('admin.mails.intro')}</p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t('admin.mails.kinds')} className="min-w-0">
          <label className="block xl:hidden">
            <span className="field-label">{t('admin.mails.kind')}</span>
            <select
              className="input w-full min-w-0"
              value={kind}
              onChange={(event) => setKind(event.target.value as MailPreviewKind)}
            >
              {GROUPS.map((group) => (
                <optgroup key={group.key} label={t(`admin.mails.groups.${group.key}`)}>
                  {group.kinds.map((option) => (
                    <option key={option} value={option}>
                      {MAIL_PREVIEW_LABELS[option][uiLanguage]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <div className="hidden flex-col gap-4 xl:flex">
            {GROUPS.map((group) => (
              <div key={group.key}>
                <h2 id={`mails-group-${group.key}`} className="mb-1 px-4 font-sans text-sm font-semibold text-ink">
                  {t(`admin.mails.groups.${group.key}`)}
                </h2>
                <ul className="flex flex-col gap-1" aria-labelledby={`mails-group-${group.key}`}>
                  {group.kinds.map((option) => (
                    <li key={option}>
                      <button
                        type="button"
                        aria-current={option === kind ? 'true' : undefined}
                        onClick={() => setKind(option)}
                        className={`min-h-11 w-full rounded-2xl px-4 py-2 text-left text-sm transition-colors ${
                          option === kind ? 'bg-rose-600 font-semibold text-white' : 'text-ink-soft hover:bg-blush-100'
                        }`}
                      >
                        {MAIL_PREVIEW_LABELS[option][uiLanguage]}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="min-w-0">
          <div className="mb-4 flex flex-wrap items-end gap-x-8 gap-y-3">
            <ChipGroup
              legend={t('admin.mails.language')}
              legendClassName="mb-1 text-sm font-semibold"
              options={LANGUAGES}
              value={lang}
              onChange={setLang}
              label={(option) => t(`header.languageNames.${option}`)}
            />
            <ChipGroup
              legend={t('admin.mails.width')}
              legendClassName="mb-1 text-sm font-semibold"
              options={WIDTHS}
              value={width}
              onChange={setWidth}
              label={(option) => t(`admin.mails.widths.${option}`)}
            />
          </div>
          <QueryState query={query}>
            {(mail) => (
              <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
                <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
                  <dt className="font-semibold">{t('admin.mails.subject')}</dt>
                  <dd className="[overflow-wrap:anywhere]">{mail.subject}</dd>
                  <dt className="font-semibold">{t('admin.mails.replyTo')}</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {mail.replyTo ?? (
                      <>
                        {t('admin.mails.noReplyTo')} <Link to="/admin/landing">{t('admin.mails.setContact')}</Link>
                      </>
                    )}
                  </dd>
                </dl>
                <div className="overflow-x-auto rounded-2xl border border-line bg-cream p-2">
                  <iframe
                    title={t('admin.mails.htmlFrame', { name: MAIL_PREVIEW_LABELS[kind][uiLanguage] })}
                    sandbox=""
                    srcDoc={mail.html}
                    className="mx-auto block h-[44rem] max-w-full rounded-xl bg-white"
                    style={{ width: width === 'phone' ? 360 : 800 }}
                  />
                </div>
                <section aria-labelledby="mail-text-title">
                  <h2 id="mail-text-title" className="mb-2 text-2xl">
                    {t('admin.mails.textVersion')}
                  </h2>
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded-2xl [overflow-wrap:anywhere] border border-line bg-ivory p-4 font-sans text-sm">
                    {mail.text}
                  </pre>
                </section>
              </div>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  );
}
