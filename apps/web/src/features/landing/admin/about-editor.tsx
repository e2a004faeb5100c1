import {
  ABOUT_CONTENT_MAX,
  ABOUT_TITLE_MAX,
  type About,
  type AboutUpdate,
  AboutUpdateSchema,
  missingLanguages,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { useUploadProgress } from '../../../shared/api/upload';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { problemText } from '../../../shared/forms/server-errors';
import { useMissingLanguagesWarning } from '../../../shared/forms/use-missing-languages-warning';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton } from '../../../shared/ui/form-field';
import { ImageUploadField, itemsFromImages, newFilesOf, type UploadItem } from '../../../shared/ui/image-upload-field';
import { Markdown } from '../../../shared/ui/markdown';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useUpdateAbout } from '../api/update-about';

/** What the about form holds: title and Markdown text per language, and the photo (none or one). */
export interface AboutForm {
  title: FullText;
  content: FullText;
  photo: UploadItem[];
}

/** The fields of PUT /landing/about (checked with AboutUpdateSchema before they are sent). */
export function aboutBody(form: AboutForm): AboutUpdate {
  return { title: form.title, content: form.content, removeImage: form.photo.length === 0 };
}

export function AboutEditor({ about }: { about: About }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useUpdateAbout();
  const form = useForm<AboutForm, unknown, AboutUpdate>({
    resolver: writeResolver(AboutUpdateSchema, aboutBody),
    defaultValues: {
      title: toFullText(about.title),
      content: toFullText(about.content),
      photo: itemsFromImages(about.image ? [about.image] : []),
    },
  });
  const { control, handleSubmit, getValues, setValue, watch } = form;
  const { field: photo } = useController({ control, name: 'photo' });
  const ruRequired = t('landing.admin.ruRequired');
  const message = useFieldMessage(form.formState.errors, { 'title.ru': ruRequired, 'content.ru': ruRequired });
  const content = watch('content');

  const warning = useMissingLanguagesWarning<AboutForm>(TRANSLATED_FIELDS.about, (field, lang) =>
    t(`landing.admin.fields.${field}`, { lang: lang.toUpperCase() }),
  );

  const submit = handleSubmit((fields) => {
    setProblem(null);
    if (!warning.allows(form.getValues())) return;
    const image = newFilesOf(getValues('photo'))[0] ?? null;
    save.mutate(
      { fields, image, onProgress },
      {
        onSuccess: ({ data }) => {
          toast.success(t('landing.admin.aboutSaved'));
          setValue('photo', itemsFromImages(data.image ? [data.image] : []));
        },
        onError: (error) => setProblem(problemText(error, t('landing.admin.saveFailed'), true)),
        onSettled: reset,
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="card grid grid-cols-1 gap-6 p-5 sm:p-7"
        aria-labelledby="about-editor-title"
      >
        <h2 id="about-editor-title" className="text-3xl">
          {t('landing.admin.aboutTitle')}
        </h2>
        <MissingLanguagesBadge languages={missingLanguages(about, TRANSLATED_FIELDS.about)} />
        <LocalizedFields
          idPrefix="about"
          legend={t('landing.admin.language')}
          message={message}
          fields={[
            {
              name: 'title',
              label: (lang) => t('landing.admin.fields.title', { lang: lang.toUpperCase() }),
              maxLength: ABOUT_TITLE_MAX,
            },
            {
              name: 'content',
              label: (lang) => t('landing.admin.fields.content', { lang: lang.toUpperCase() }),
              maxLength: ABOUT_CONTENT_MAX,
              kind: 'richtext',
              inputClassName: 'min-h-56',
              hint: t('landing.admin.markdownHint'),
              labelAside: (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm mb-1"
                  aria-pressed={preview}
                  onClick={() => setPreview(!preview)}
                >
                  {t('landing.admin.preview')}
                </button>
              ),
              after: (lang) =>
                preview ? (
                  <section
                    className="mt-4 rounded-2xl border border-line bg-white p-5"
                    aria-label={t('landing.admin.preview')}
                  >
                    <Markdown text={content[lang] || content.ru} />
                  </section>
                ) : null,
            },
          ]}
        />
        <ImageUploadField
          id="about-photo"
          label={t('landing.admin.fields.photo')}
          items={photo.value}
          onChange={photo.onChange}
          multiple={false}
        />
        <UploadProgressBar progress={progress} />
        <FormProblem>{problem}</FormProblem>
        {warning.notice(submit)}
        <div className="flex justify-end">
          <SubmitButton pending={save.isPending}>{t('landing.admin.saveAbout')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
