import { ABOUT_CONTENT_MAX, ABOUT_TITLE_MAX, type About, type Language } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadProgress } from '../../../shared/api/upload';
import { FormProblem } from '../../../shared/ui/form-field';
import { ImageUploadField, itemsFromImages, newFilesOf, type UploadItem } from '../../../shared/ui/image-upload-field';
import { toFullText } from '../../../shared/ui/localized-field';
import { Markdown } from '../../../shared/ui/markdown';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { useUpdateAbout } from '../api/update-about';
import { problemText } from './form-problem';
import { LanguageTabs } from './language-tabs';

export function AboutEditor({ about }: { about: About }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>('ru');
  const [title, setTitle] = useState(() => toFullText(about.title));
  const [content, setContent] = useState(() => toFullText(about.content));
  const [photo, setPhoto] = useState<UploadItem[]>(() => itemsFromImages(about.image ? [about.image] : []));
  const [preview, setPreview] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useUpdateAbout();
  const ruMissing = title.ru.trim() === '' || content.ru.trim() === '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (ruMissing) {
      setProblem(t('landing.admin.ruRequired'));
      setLang('ru');
      return;
    }
    setProblem(null);
    const file = newFilesOf(photo)[0] ?? null;
    save.mutate(
      { fields: { title, content, removeImage: photo.length === 0 }, image: file, onProgress },
      {
        onSuccess: ({ data }) => {
          toast.success(t('landing.admin.aboutSaved'));
          setPhoto(itemsFromImages(data.image ? [data.image] : []));
        },
        onError: (error) => setProblem(problemText(error, t('landing.admin.saveFailed'))),
        onSettled: reset,
      },
    );
  };

  const id = (field: string) => `about-${field}-${lang}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="card grid grid-cols-1 gap-6 p-5 sm:p-7"
      aria-labelledby="about-editor-title"
    >
      <h2 id="about-editor-title" className="text-3xl">
        {t('landing.admin.aboutTitle')}
      </h2>
      <LanguageTabs value={lang} onChange={setLang} />
      <div>
        <label htmlFor={id('title')} className="field-label">
          {t('landing.admin.fields.title', { lang: lang.toUpperCase() })}
        </label>
        <input
          id={id('title')}
          className="input"
          value={title[lang]}
          maxLength={ABOUT_TITLE_MAX}
          onChange={(event) => setTitle({ ...title, [lang]: event.target.value })}
        />
      </div>
      <div>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={id('content')} className="field-label">
            {t('landing.admin.fields.content', { lang: lang.toUpperCase() })}
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-sm mb-1"
            aria-pressed={preview}
            onClick={() => setPreview(!preview)}
          >
            {t('landing.admin.preview')}
          </button>
        </div>
        <textarea
          id={id('content')}
          className="input min-h-56 resize-y font-mono text-sm"
          value={content[lang]}
          maxLength={ABOUT_CONTENT_MAX}
          aria-describedby="about-markdown-hint"
          onChange={(event) => setContent({ ...content, [lang]: event.target.value })}
        />
        <p id="about-markdown-hint" className="mt-1.5 text-sm text-muted">
          {t('landing.admin.markdownHint')}
        </p>
        {preview ? (
          <section className="mt-4 rounded-2xl border border-line bg-white p-5" aria-label={t('landing.admin.preview')}>
            <Markdown text={content[lang] || content.ru} />
          </section>
        ) : null}
      </div>
      <ImageUploadField
        id="about-photo"
        label={t('landing.admin.fields.photo')}
        items={photo}
        onChange={setPhoto}
        multiple={false}
      />
      <UploadProgressBar progress={progress} />
      <FormProblem>{problem}</FormProblem>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.sending') : t('landing.admin.saveAbout')}
        </button>
      </div>
    </form>
  );
}
