import {
  type AdminLesson,
  type Chapter,
  type ChaptersWrite,
  ChaptersWriteSchema,
  checkWebVtt,
  fillText,
  LANGUAGES,
  type Language,
  type LessonMedia,
  SUBTITLES_MAX_CHARS,
  type SubtitlesWrite,
  SubtitlesWriteSchema,
  WEBVTT_PROBLEM_MESSAGES,
} from '@atelier/shared';
import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FullText, toFullText } from '../../../shared/forms/localized-fields';
import { problemText } from '../../../shared/forms/server-errors';
import { type FormRuleProblem, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useServerText } from '../../../shared/i18n/server-text';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormField, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { TrashIcon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { toast } from '../../../shared/ui/toast';
import {
  useAdminLessonMedia,
  useDeleteSubtitles,
  useSaveChapters,
  useSaveSubtitles,
  useSubtitlesText,
} from '../api/admin-lesson-media';
import { formatTime, parseTime } from '../components/player-keys';
import { LessonHlsStatus } from './lesson-hls-status';

/** What the chapters form holds: each start as typed (`m:ss`) and the titles per language. */
export interface ChaptersForm {
  chapters: { startSeconds: string; title: FullText }[];
}

export function chaptersFormOf(chapters: readonly Chapter[]): ChaptersForm {
  return {
    chapters: chapters.map((chapter) => ({
      startSeconds: formatTime(chapter.startSeconds),
      title: toFullText(chapter.title),
    })),
  };
}

/** The body of PUT /admin/lessons/{id}/chapters; a start that is not a time becomes NaN (refused). */
export function chaptersBody(form: ChaptersForm): ChaptersWrite {
  return {
    chapters: form.chapters.map((chapter) => {
      const title: Chapter['title'] = { ru: chapter.title.ru };
      if (chapter.title.en.trim() !== '') title.en = chapter.title.en;
      if (chapter.title.es.trim() !== '') title.es = chapter.title.es;
      return { startSeconds: parseTime(chapter.startSeconds) ?? Number.NaN, title };
    }),
  };
}

/**
 * Two chapters at one time, found in the same pass as the field messages (the schema's own check
 * of this runs only once every field is right).
 */
export function chapterRules(form: ChaptersForm): FormRuleProblem[] {
  const seen = new Set<number>();
  const problems: FormRuleProblem[] = [];
  form.chapters.forEach((chapter, index) => {
    const start = parseTime(chapter.startSeconds);
    if (start === null) return;
    if (seen.has(start)) problems.push({ path: `chapters.${index}.startSeconds`, message: 'chapterTimeRepeated' });
    seen.add(start);
  });
  return problems;
}

/** A lesson's chapters and subtitles, in a dialog of the lessons admin page. */
export function LessonMediaEditor({ lesson }: { lesson: AdminLesson }) {
  const query = useAdminLessonMedia(lesson.id);
  return (
    <QueryState query={query}>
      {(media) => (
        <div className="grid grid-cols-1 gap-10">
          <LessonHlsStatus lessonId={lesson.id} hasVideo={lesson.video !== null} />
          <ChaptersEditor lessonId={lesson.id} media={media} />
          <SubtitlesEditor lessonId={lesson.id} media={media} />
        </div>
      )}
    </QueryState>
  );
}

function ChaptersEditor({ lessonId, media }: { lessonId: string; media: LessonMedia }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChapters(lessonId);
  const form = useForm<ChaptersForm, unknown, ChaptersWrite>({
    resolver: writeResolver(ChaptersWriteSchema, chaptersBody, chapterRules),
    defaultValues: chaptersFormOf(media.chapters),
  });
  const { control, register, handleSubmit, watch, reset } = form;
  const rows = useFieldArray({ control, name: 'chapters' });
  const typed = watch('chapters');
  const badTimes = Object.fromEntries(
    typed.flatMap((chapter, index) =>
      parseTime(chapter.startSeconds) === null ? [[`chapters.${index}.startSeconds`, t('player.admin.badTime')]] : [],
    ),
  );
  const message = useFieldMessage(form.formState.errors, badTimes);

  const submit = handleSubmit((body) => {
    setProblem(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(chaptersFormOf(saved.chapters));
        toast.success(t('player.admin.chaptersSaved'));
      },
      onError: (error) => setProblem(problemText(error, t('player.admin.failed'))),
    });
  });

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl">
        {t('player.admin.chaptersTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('player.admin.chaptersHint')}</p>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4">
          {rows.fields.length === 0 ? <p className="text-sm text-muted">{t('player.admin.noChapters')}</p> : null}
          <ol className="grid grid-cols-1 gap-4">
            {rows.fields.map((row, index) => (
              <li key={row.id} className="rounded-2xl border border-line p-4">
                <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                  <legend className="mb-2 text-sm font-semibold text-ink-soft">
                    {t('player.admin.chapterNumber', { number: index + 1 })}
                  </legend>
                  <TextField
                    {...register(`chapters.${index}.startSeconds`)}
                    id={`chapter-${row.id}-start`}
                    label={t('player.admin.start')}
                    error={message(`chapters.${index}.startSeconds`)}
                    inputMode="numeric"
                    placeholder="0:00"
                    autoComplete="off"
                  />
                  <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
                    {LANGUAGES.map((lang) => (
                      <TextField
                        key={lang}
                        {...register(`chapters.${index}.title.${lang}`)}
                        id={`chapter-${row.id}-title-${lang}`}
                        label={t('player.admin.chapterTitle', { lang: lang.toUpperCase() })}
                        error={message(`chapters.${index}.title.${lang}`)}
                        maxLength={200}
                        lang={lang}
                      />
                    ))}
                  </div>
                </fieldset>
                <button type="button" className="btn btn-ghost btn-sm mt-3" onClick={() => rows.remove(index)}>
                  <TrashIcon width={16} height={16} />
                  {t('player.admin.removeChapter', { number: index + 1 })}
                </button>
              </li>
            ))}
          </ol>
          <FormProblem>{problem}</FormProblem>
          <div className="flex flex-wrap justify-between gap-3">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => rows.append({ startSeconds: '', title: { ru: '', en: '', es: '' } })}
            >
              {t('player.admin.addChapter')}
            </button>
            <SubmitButton pending={save.isPending}>{t('player.admin.saveChapters')}</SubmitButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

function SubtitlesEditor({ lessonId, media }: { lessonId: string; media: LessonMedia }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [lang, setLang] = useState<Language>('ru');
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl">
        {t('player.admin.subtitlesTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('player.admin.subtitlesHint')}</p>
      <ChipGroup
        legend={t('player.admin.language')}
        legendClassName="field-label mt-4"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(code) => `${code.toUpperCase()}${media.subtitles[code] ? ' ✓' : ''}`}
      />
      <SubtitlesForm key={lang} lessonId={lessonId} lang={lang} stored={media.subtitles[lang]} />
    </section>
  );
}

interface SubtitlesFormValues {
  vtt: string;
}

function SubtitlesForm({
  lessonId,
  lang,
  stored,
}: {
  lessonId: string;
  lang: Language;
  stored: LessonMedia['subtitles'][Language];
}) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const id = `subtitles-${lang}`;
  const [problem, setProblem] = useState<string | null>(null);
  const existing = useSubtitlesText(lessonId, lang, stored !== undefined);
  const save = useSaveSubtitles(lessonId);
  const remove = useDeleteSubtitles(lessonId);
  const { ask, dialog } = useConfirm();
  const form = useForm<SubtitlesFormValues, unknown, SubtitlesWrite>({
    resolver: writeResolver(
      SubtitlesWriteSchema,
      (values) => ({ vtt: values.vtt }),
      (values) =>
        values.vtt.trim() !== '' && !checkWebVtt(values.vtt).ok ? [{ path: 'vtt', message: 'vttInvalid' }] : [],
    ),
    defaultValues: { vtt: '' },
  });
  const { register, handleSubmit, watch, reset, setValue } = form;
  useEffect(() => {
    if (existing.data) reset({ vtt: existing.data.vtt });
  }, [existing.data, reset]);

  const vtt = watch('vtt');
  const check = useMemo(() => checkWebVtt(vtt), [vtt]);
  const detail =
    !check.ok && vtt.trim() !== ''
      ? fillText(serverText(WEBVTT_PROBLEM_MESSAGES[check.problem]), { line: check.line })
      : undefined;
  const message = useFieldMessage(form.formState.errors, detail ? { vtt: detail } : {});
  const error = message('vtt');
  const status = check.ok
    ? t('player.admin.valid', { count: check.cues.length })
    : (detail ?? t('player.admin.subtitlesHintEmpty'));
  const langName = lang.toUpperCase();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > SUBTITLES_MAX_CHARS * 4) {
      setProblem(serverText('subtitlesTooLong'));
      return;
    }
    setProblem(null);
    setValue('vtt', await file.text(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const submit = handleSubmit((body) => {
    setProblem(null);
    save.mutate(
      { lang, vtt: body.vtt },
      {
        onSuccess: () => toast.success(t('player.admin.subtitlesSaved')),
        onError: (failure) => setProblem(problemText(failure, t('player.admin.failed'))),
      },
    );
  });

  const storedText = stored
    ? t('player.admin.stored', {
        size: new Intl.NumberFormat(i18n.language, {
          style: 'unit',
          unit: 'kilobyte',
          maximumFractionDigits: 1,
        }).format(stored.size / 1024),
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(stored.updatedAt),
        ),
      })
    : t('player.admin.none');

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mt-4 grid grid-cols-1 gap-4">
        <p className="text-sm text-ink-soft" data-testid="subtitles-stored">
          {storedText}
        </p>
        <div>
          <label htmlFor={`${id}-file`} className="field-label">
            {t('player.admin.file', { lang: langName })}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".vtt,text/vtt"
            onChange={(event) => void pick(event)}
            className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-blush-100 file:px-4 file:py-2 file:font-semibold file:text-rose-800"
          />
        </div>
        <FormField id={id} label={t('player.admin.text', { lang: langName })} error={error}>
          <textarea
            {...register('vtt')}
            {...fieldControlProps(id, Boolean(error))}
            aria-describedby={error ? `${id}-error` : `${id}-status`}
            lang={lang}
            spellCheck={false}
            rows={12}
            placeholder={'WEBVTT\n\n00:00.000 --> 00:04.000\n…'}
            className="input min-h-64 font-mono text-sm"
          />
        </FormField>
        {error ? null : (
          <p id={`${id}-status`} className="-mt-2 text-sm text-muted">
            {status}
          </p>
        )}
        <FormProblem>{problem}</FormProblem>
        <div className="flex flex-wrap justify-end gap-3">
          {stored ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() =>
                ask({
                  title: t('player.admin.deleteTitle', { lang: langName }),
                  description: t('player.admin.deleteText'),
                  tone: 'danger',
                  action: () =>
                    remove.mutateAsync(lang).then(
                      () => {
                        reset({ vtt: '' });
                        toast.success(t('player.admin.subtitlesDeleted'));
                      },
                      (failure: unknown) => {
                        toast.error(problemText(failure, t('player.admin.failed')));
                        throw failure;
                      },
                    ),
                })
              }
            >
              {t('player.admin.deleteSubtitles', { lang: langName })}
            </button>
          ) : null}
          <SubmitButton pending={save.isPending}>{t('player.admin.saveSubtitles', { lang: langName })}</SubmitButton>
        </div>
      </form>
      {dialog}
    </FormProvider>
  );
}
