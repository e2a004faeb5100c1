import { type LandingSettings, type Language, SOCIAL_NETWORKS } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../../shared/ui/form-field';
import { toFullText } from '../../../shared/ui/localized-field';
import { toast } from '../../../shared/ui/toast';
import { useUpdateLanding } from '../api/update-landing';
import { problemText } from './form-problem';
import { LanguageTabs } from './language-tabs';

type Network = (typeof SOCIAL_NETWORKS)[number];
export function SettingsEditor({ settings }: { settings: LandingSettings }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>('ru');
  const [artisanName, setArtisanName] = useState(settings.artisanName ?? '');
  const [heroTitle, setHeroTitle] = useState(() => toFullText(settings.heroTitle));
  const [heroSubtitle, setHeroSubtitle] = useState(() => toFullText(settings.heroSubtitle));
  const [contactEmail, setContactEmail] = useState(settings.contactEmail);
  const [contactPhone, setContactPhone] = useState(settings.contactPhone);
  const [social, setSocial] = useState(settings.social);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateLanding();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      {
        artisanName,
        heroTitle,
        heroSubtitle,
        contactEmail: contactEmail.trim(),
        contactPhone,
        social: social.filter((link) => link.url.trim() !== ''),
      },
      {
        onSuccess: () => toast.success(t('landing.admin.settingsSaved')),
        onError: (error) => setProblem(problemText(error, t('landing.admin.saveFailed'))),
      },
    );
  };

  const unused = SOCIAL_NETWORKS.filter((network) => !social.some((link) => link.network === network));
  return (
    <form
      onSubmit={submit}
      noValidate
      className="card grid grid-cols-1 gap-6 p-5 sm:p-7"
      aria-labelledby="settings-editor-title"
    >
      <h2 id="settings-editor-title" className="text-3xl">
        {t('landing.admin.settingsTitle')}
      </h2>
      <div>
        <label htmlFor="settings-artisan" className="field-label">
          {t('landing.admin.fields.artisanName')}
        </label>
        <input
          id="settings-artisan"
          className="input"
          value={artisanName}
          onChange={(event) => setArtisanName(event.target.value)}
        />
      </div>
      <LanguageTabs value={lang} onChange={setLang} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`settings-hero-title-${lang}`} className="field-label">
            {t('landing.admin.fields.heroTitle', { lang: lang.toUpperCase() })}
          </label>
          <input
            id={`settings-hero-title-${lang}`}
            className="input"
            value={heroTitle[lang]}
            onChange={(event) => setHeroTitle({ ...heroTitle, [lang]: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`settings-hero-subtitle-${lang}`} className="field-label">
            {t('landing.admin.fields.heroSubtitle', { lang: lang.toUpperCase() })}
          </label>
          <input
            id={`settings-hero-subtitle-${lang}`}
            className="input"
            value={heroSubtitle[lang]}
            onChange={(event) => setHeroSubtitle({ ...heroSubtitle, [lang]: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor="settings-email" className="field-label">
            {t('landing.admin.fields.email')}
          </label>
          <input
            id="settings-email"
            type="email"
            className="input"
            value={contactEmail}
            onChange={(event) => setContactEmail(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="settings-phone" className="field-label">
            {t('landing.admin.fields.phone')}
          </label>
          <input
            id="settings-phone"
            type="tel"
            className="input"
            value={contactPhone}
            onChange={(event) => setContactPhone(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="field-label">{t('landing.admin.fields.social')}</legend>
        {social.map((link, index) => (
          <div key={link.network} className="flex flex-wrap items-end gap-2">
            <label htmlFor={`social-${link.network}`} className="w-28 shrink-0 pb-3 text-sm font-semibold capitalize">
              {link.network}
            </label>
            <input
              id={`social-${link.network}`}
              type="url"
              className="input min-w-0 flex-1"
              value={link.url}
              placeholder="https://"
              onChange={(event) =>
                setSocial(social.map((item, i) => (i === index ? { ...item, url: event.target.value } : item)))
              }
            />
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => setSocial(social.filter((_, i) => i !== index))}
            >
              {t('landing.admin.removeLink')}
              <span className="sr-only"> {link.network}</span>
            </button>
          </div>
        ))}
        {unused.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {unused.map((network: Network) => (
              <button
                key={network}
                type="button"
                className="btn btn-outline btn-sm capitalize"
                onClick={() => setSocial([...social, { network, url: '' }])}
              >
                + {network}
              </button>
            ))}
          </div>
        ) : null}
      </fieldset>
      <FormProblem>{problem}</FormProblem>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.sending') : t('landing.admin.saveSettings')}
        </button>
      </div>
    </form>
  );
}
