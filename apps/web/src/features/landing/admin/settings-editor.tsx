import {
  type LandingSettings,
  type LandingSettingsUpdate,
  LandingSettingsUpdateSchema,
  SOCIAL_NETWORKS,
} from '@atelier/shared';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FieldError, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useUpdateLanding } from '../api/update-landing';

type Network = (typeof SOCIAL_NETWORKS)[number];

/** What the settings form holds; a social row with no address yet is kept here, not sent. */
export interface SettingsForm {
  artisanName: string;
  heroTitle: FullText;
  heroSubtitle: FullText;
  contactEmail: string;
  contactPhone: string;
  social: { network: Network; url: string }[];
}

/** The body of PUT /landing (checked with LandingSettingsUpdateSchema before it is sent). */
export function settingsBody(form: SettingsForm): LandingSettingsUpdate {
  return {
    artisanName: form.artisanName,
    heroTitle: form.heroTitle,
    heroSubtitle: form.heroSubtitle,
    contactEmail: form.contactEmail.trim(),
    contactPhone: form.contactPhone,
    social: form.social.filter((link) => link.url.trim() !== ''),
  };
}

export function SettingsEditor({ settings }: { settings: LandingSettings }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateLanding();
  const form = useForm<SettingsForm, unknown, LandingSettingsUpdate>({
    resolver: writeResolver(LandingSettingsUpdateSchema, settingsBody),
    defaultValues: {
      artisanName: settings.artisanName ?? '',
      heroTitle: toFullText(settings.heroTitle),
      heroSubtitle: toFullText(settings.heroSubtitle),
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      social: settings.social,
    },
  });
  const { register, control, handleSubmit, watch } = form;
  const social = useFieldArray({ control, name: 'social' });
  const message = useFieldMessage(form.formState.errors);
  const links = watch('social');
  // The body leaves out rows with no address, so its `social.N` is the N-th row that has one.
  const sentIndex = (row: number) => links.slice(0, row).filter((link) => link.url.trim() !== '').length;

  const submit = handleSubmit((fields) => {
    setProblem(null);
    save.mutate(fields, {
      onSuccess: () => toast.success(t('landing.admin.settingsSaved')),
      onError: (error) => setProblem(problemText(error, t('landing.admin.saveFailed'), true)),
    });
  });

  const unused = SOCIAL_NETWORKS.filter((network) => !links.some((link) => link.network === network));
  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="card grid grid-cols-1 gap-6 p-5 sm:p-7"
        aria-labelledby="settings-editor-title"
      >
        <h2 id="settings-editor-title" className="text-3xl">
          {t('landing.admin.settingsTitle')}
        </h2>
        <TextField
          {...register('artisanName')}
          id="settings-artisan"
          label={t('landing.admin.fields.artisanName')}
          error={message('artisanName')}
        />
        <LocalizedFields
          idPrefix="settings"
          legend={t('landing.admin.language')}
          message={message}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
          fields={[
            { name: 'heroTitle', label: (lang) => t('landing.admin.fields.heroTitle', { lang: lang.toUpperCase() }) },
            {
              name: 'heroSubtitle',
              label: (lang) => t('landing.admin.fields.heroSubtitle', { lang: lang.toUpperCase() }),
            },
          ]}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...register('contactEmail')}
            id="settings-email"
            label={t('landing.admin.fields.email')}
            error={message('contactEmail')}
            type="email"
          />
          <TextField
            {...register('contactPhone')}
            id="settings-phone"
            label={t('landing.admin.fields.phone')}
            error={message('contactPhone')}
            type="tel"
          />
        </div>
        <fieldset className="grid grid-cols-1 gap-3">
          <legend className="field-label">{t('landing.admin.fields.social')}</legend>
          {social.fields.map((link, index) => {
            const id = `social-${link.network}`;
            const error = links[index]?.url.trim() ? message(`social.${sentIndex(index)}.url`) : undefined;
            return (
              <div key={link.id}>
                <div className="flex flex-wrap items-end gap-2">
                  <label htmlFor={id} className="w-28 shrink-0 pb-3 text-sm font-semibold">
                    {t(`footer.networks.${link.network}`)}
                  </label>
                  <input
                    {...register(`social.${index}.url`)}
                    {...fieldControlProps(id, Boolean(error))}
                    type="url"
                    className="input min-w-0 flex-1"
                    placeholder="https://"
                  />
                  <button type="button" className="btn btn-ghost" onClick={() => social.remove(index)}>
                    {t('landing.admin.removeLink')}
                    <span className="sr-only"> {t(`footer.networks.${link.network}`)}</span>
                  </button>
                </div>
                {error ? <FieldError id={id}>{error}</FieldError> : null}
              </div>
            );
          })}
          {unused.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {unused.map((network) => (
                <button
                  key={network}
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => social.append({ network, url: '' })}
                >
                  {t('landing.admin.addLink', { network: t(`footer.networks.${network}`) })}
                </button>
              ))}
            </div>
          ) : null}
        </fieldset>
        <FormProblem>{problem}</FormProblem>
        <div className="flex justify-end">
          <SubmitButton pending={save.isPending}>{t('landing.admin.saveSettings')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
