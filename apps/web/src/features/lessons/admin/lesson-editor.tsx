import {
  type AdminLesson,
  LANGUAGES,
  type Language,
  LESSON_LEVELS,
  type LessonLevel,
  type LessonWrite,
  LessonWriteSchema,
  METHODOLOGY_MAX_BYTES,
  POSTER_MAX_BYTES,
  PREVIEW_MAX_BYTES,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useUploadProgress } from '../../../shared/api/upload';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { moneyRules, PRICE_PATHS, priceFromText } from '../../../shared/forms/money-input';
import { problemText } from '../../../shared/forms/server-errors';
import { useMissingLanguagesWarning } from '../../../shared/forms/use-missing-languages-warning';
import { numberOrNull, numberText, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import {
  CheckboxField,
  FormField,
  FormProblem,
  fieldControlProps,
  SubmitButton,
  TextField,
} from '../../../shared/ui/form-field';
import { FileField } from '../../../shared/ui/image-upload-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { type LessonFilesInput, useSaveLesson } from '../api/admin-lessons';

/** Largest video the form lets through; the server's UPLOAD_LIMIT_MB has the last word. */
const VIDEO_MAX_BYTES = 4 * 1024 * 1024 * 1024;

/** What the lesson form holds: the inputs' text and which stored files to drop (picked files sit beside it). */
export interface LessonForm {
  number: string;
  title: FullText;
  description: FullText;
  /** "What you'll learn" and "Materials", one point per line. */
  outcomes: FullText;
  materials: FullText;
  level: LessonLevel;
  durationMinutes: string;
  price: { rub: string; eur: string; usd: string };
  published: boolean;
  removeVideo: boolean;
  removePreview: boolean;
  removeMethodology: Language[];
}

export function lessonFormOf(lesson: AdminLesson | null, nextNumber: number): LessonForm {
  return {
    number: String(lesson?.number ?? nextNumber),
    title: toFullText(lesson?.title),
    description: toFullText(lesson?.description),
    outcomes: toFullText(lesson?.outcomes),
    materials: toFullText(lesson?.materials),
    level: lesson?.level ?? 'basic',
    durationMinutes: numberText(lesson?.durationMinutes),
    price: {
      rub: numberText(lesson?.price.rub),
      eur: numberText(lesson?.price.eur),
      usd: numberText(lesson?.price.usd),
    },
    published: lesson?.published ?? true,
    removeVideo: false,
    removePreview: false,
    removeMethodology: [],
  };
}

/** The `data` part of POST/PUT /admin/lessons (checked with LessonWriteSchema before it is sent). */
export function lessonBody(form: LessonForm, files: LessonFilesInput | null): LessonWrite {
  return {
    number: Number(form.number),
    title: form.title,
    description: form.description,
    level: form.level,
    price: priceFromText(form.price),
    durationMinutes: numberOrNull(form.durationMinutes),
    outcomes: form.outcomes,
    materials: form.materials,
    published: form.published,
    // Editing only (`files` given): a newly picked video replaces the stored one anyway.
    ...(files
      ? {
          removeVideo: form.removeVideo && !files.video,
          removePreview: form.removePreview && !files.preview,
          removeMethodology: form.removeMethodology,
        }
      : {}),
  };
}

/**
 * Create or edit a lesson: number, texts per language, level, duration, prices in three currencies,
 * video (hundreds of MB, with a progress bar), poster, methodology PDF per language.
 */
export function LessonEditor({
  lesson,
  nextNumber,
  onDone,
}: {
  lesson: AdminLesson | null;
  nextNumber: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [files, setFiles] = useState<LessonFilesInput>({});
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSaveLesson();
  const form = useForm<LessonForm, unknown, LessonWrite>({
    resolver: writeResolver(
      LessonWriteSchema,
      (values: LessonForm) => lessonBody(values, lesson ? files : null),
      moneyRules(PRICE_PATHS),
    ),
    defaultValues: lessonFormOf(lesson, nextNumber),
  });
  const { register, control, handleSubmit, watch } = form;
  const message = useFieldMessage(form.formState.errors, {
    'title.ru': t('training.admin.ruRequired'),
    'price.rub': t('training.admin.priceRequired'),
  });
  const removeMethodology = watch('removeMethodology');
  const busy = save.isPending;

  const warning = useMissingLanguagesWarning<LessonForm>(TRANSLATED_FIELDS.lesson, (field, lang) =>
    t(`training.admin.fields.${field}`, { lang: lang.toUpperCase() }),
  );

  const submit = handleSubmit((fields) => {
    setProblem(null);
    if (!warning.allows(form.getValues())) return;
    save.mutate(
      { id: lesson?.id ?? null, fields, files, onProgress },
      {
        onSuccess: () => {
          toast.success(t('training.admin.saved'));
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('training.admin.failed'))),
        onSettled: reset,
      },
    );
  });

  const fileController = (name: keyof LessonFilesInput) => ({
    file: files[name] ?? null,
    onChange: (file: File | null) => setFiles((current) => ({ ...current, [name]: file })),
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            {...register('number')}
            id="lesson-number"
            label={t('training.admin.fields.number')}
            error={message('number')}
            type="number"
            min={1}
            step={1}
            required
          />
          <FormField id="lesson-level" label={t('training.level')}>
            <select {...register('level')} {...fieldControlProps('lesson-level', false)} className="input">
              {LESSON_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {t(`training.levels.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            {...register('durationMinutes')}
            id="lesson-duration"
            label={t('training.admin.fields.duration')}
            error={message('durationMinutes')}
            type="number"
            min={1}
            step={1}
          />
        </div>
        <LocalizedFields
          idPrefix="lesson"
          legend={t('training.admin.fields.language')}
          message={message}
          fields={[
            {
              name: 'title',
              label: (lang) => t('training.admin.fields.title', { lang: lang.toUpperCase() }),
              maxLength: 200,
            },
            {
              name: 'description',
              label: (lang) => t('training.admin.fields.description', { lang: lang.toUpperCase() }),
              maxLength: 20000,
              kind: 'richtext',
            },
            {
              name: 'outcomes',
              label: (lang) => t('training.admin.fields.outcomes', { lang: lang.toUpperCase() }),
              hint: t('training.admin.fields.pointsHint'),
              maxLength: 4000,
              multiline: true,
              inputClassName: 'min-h-24',
            },
            {
              name: 'materials',
              label: (lang) => t('training.admin.fields.materials', { lang: lang.toUpperCase() }),
              hint: t('training.admin.fields.pointsHint'),
              maxLength: 4000,
              multiline: true,
              inputClassName: 'min-h-24',
            },
          ]}
        />
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <legend className="field-label">{t('training.admin.fields.price')}</legend>
          {(
            [
              ['rub', '₽'],
              ['eur', '€'],
              ['usd', '$'],
            ] as const
          ).map(([key, symbol]) => (
            <TextField
              key={key}
              {...register(`price.${key}`)}
              id={`lesson-price-${key}`}
              label={t(`training.admin.fields.price_${key}`, { symbol })}
              error={message(`price.${key}`)}
              inputMode="decimal"
              autoComplete="off"
            />
          ))}
        </fieldset>
        <p className="-mt-3 text-sm text-muted">{t('training.admin.priceHint')}</p>
        <FileField
          id="lesson-video"
          label={t('training.admin.fields.video')}
          hint={t('training.admin.videoHint')}
          {...fileController('video')}
          currentName={watch('removeVideo') ? null : lesson?.video?.filename}
          accept="video/mp4,video/webm"
          maxBytes={VIDEO_MAX_BYTES}
          disabled={busy}
        />
        {lesson?.video && !files.video ? (
          <CheckboxField {...register('removeVideo')} id="lesson-remove-video" className="-mt-3">
            {t('training.admin.removeVideo')}
          </CheckboxField>
        ) : null}
        <FileField
          id="lesson-preview"
          label={t('training.admin.fields.preview')}
          hint={t('training.admin.fields.previewHint')}
          {...fileController('preview')}
          currentName={watch('removePreview') ? null : lesson?.preview?.filename}
          accept="video/mp4,video/webm"
          maxBytes={PREVIEW_MAX_BYTES}
          disabled={busy}
        />
        {lesson?.preview && !files.preview ? (
          <CheckboxField {...register('removePreview')} id="lesson-remove-preview" className="-mt-3">
            {t('training.admin.fields.removePreview')}
          </CheckboxField>
        ) : null}
        <FileField
          id="lesson-poster"
          label={t('training.admin.fields.poster')}
          {...fileController('poster')}
          currentName={lesson?.poster ? t('training.admin.posterSet') : null}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          maxBytes={POSTER_MAX_BYTES}
          disabled={busy}
        />
        {LANGUAGES.map((code) => {
          const name = `methodology_${code}` as const;
          const stored = lesson?.methodology[code];
          return (
            <div key={code} className="grid grid-cols-1 gap-2">
              <FileField
                id={`lesson-${name}`}
                label={t('training.admin.fields.methodology', { lang: code.toUpperCase() })}
                {...fileController(name)}
                currentName={removeMethodology.includes(code) ? null : stored?.filename}
                accept="application/pdf"
                maxBytes={METHODOLOGY_MAX_BYTES}
                disabled={busy}
              />
              {stored && !files[name] ? (
                <Controller
                  control={control}
                  name="removeMethodology"
                  render={({ field }) => (
                    <CheckboxField
                      id={`lesson-remove-${name}`}
                      name={field.name}
                      checked={field.value.includes(code)}
                      onBlur={field.onBlur}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...field.value, code] : field.value.filter((value) => value !== code),
                        )
                      }
                    >
                      {t('training.admin.removeMethodology', { lang: code.toUpperCase() })}
                    </CheckboxField>
                  )}
                />
              ) : null}
            </div>
          );
        })}
        <CheckboxField {...register('published')} id="lesson-published">
          <span className="font-semibold">{t('training.admin.fields.published')}</span>
        </CheckboxField>
        <UploadProgressBar progress={progress} label={t('training.admin.uploading')} />
        <FormProblem>{problem}</FormProblem>
        {warning.notice(submit)}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={busy}>{t('training.admin.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
