import {
  type AdminLesson,
  type Chapter,
  type ChaptersWrite,
  ChaptersWriteSchema,
  LANGUAGES,
  type LessonMedia,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { type FullText, toFullText } from '../../../shared/forms/localized-fields';
import { problemText } from '../../../shared/forms/server-errors';
import { type FormRuleProblem, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { TrashIcon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { toast } from '../../../shared/ui/toast';
import { useAdminLessonMedia, useSaveChapters } from '../api/admin-lesson-media';
import { formatTime, parseTime } from '../components/player-keys';
import { LessonHlsStatus } from './lesson-hls-status';
import { SubtitleCuesEditor } from './subtitle-cues-editor';

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
          <SubtitleCuesEditor lessonId={lesson.id} media={media} hasVideo={lesson.video !== null} />
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
