import { LANGUAGES, type Language, type LessonMedia, SUBTITLES_MAX_CHARS, type WebVttProblem } from '@atelier/shared';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { problemText } from '../../../shared/forms/server-errors';
import { useServerText } from '../../../shared/i18n/server-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FieldError, FormProblem, SubmitButton } from '../../../shared/ui/form-field';
import { PlayIcon, TrashIcon } from '../../../shared/ui/icons';
import { toast } from '../../../shared/ui/toast';
import { useDeleteSubtitles, useSaveSubtitles, useSubtitlesText } from '../api/admin-lesson-media';
import { useLessonAccess } from '../api/get-lesson-access';
import {
  blocksSaving,
  type Cue,
  type CueRow,
  type CueRowCheck,
  checkCueRows,
  cuesOfRows,
  formatCueTime,
  newCueEnd,
  parseCueTime,
  parseVttCues,
  serializeCues,
  sortRows,
} from './vtt-cues';

let counter = 0;
const nextKey = () => `cue-${++counter}`;

const PICK_BUTTON =
  'btn btn-outline min-h-11 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-600';

function rowsOf(cues: readonly Cue[]): CueRow[] {
  return cues.map((cue) => ({
    key: nextKey(),
    start: formatCueTime(cue.start),
    end: formatCueTime(cue.end),
    text: cue.text,
    ...(cue.settings ? { settings: cue.settings } : {}),
  }));
}

/** The video being watched in the editor: the element, its length once known, where it is. */
interface Preview {
  video: HTMLVideoElement | null;
  duration: number | null;
  time: number;
}

/**
 * A lesson's subtitles per language as a list of cues, with the lesson's video beside them: add a
 * cue at the moment being played, type its words, jump to a cue; the video shows the cues being
 * edited. Stored as a subtitles file on the server, as before.
 */
export function SubtitleCuesEditor({
  lessonId,
  media,
  hasVideo,
}: {
  lessonId: string;
  media: LessonMedia;
  hasVideo: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [lang, setLang] = useState<Language>('ru');
  const [previewVtt, setPreviewVtt] = useState('');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [time, setTime] = useState(0);

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
      <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <LessonPreview
          lessonId={lessonId}
          hasVideo={hasVideo}
          lang={lang}
          vtt={previewVtt}
          onVideo={setVideo}
          onDuration={setDuration}
          onTime={setTime}
        />
        <SubtitleCuesForm
          key={lang}
          lessonId={lessonId}
          lang={lang}
          stored={media.subtitles[lang]}
          preview={{ video, duration, time }}
          onPreview={setPreviewVtt}
        />
      </div>
    </section>
  );
}

/** The lesson's video (the uploaded file, by a signed link) with the cues being edited as its subtitles. */
function LessonPreview({
  lessonId,
  hasVideo,
  lang,
  vtt,
  onVideo,
  onDuration,
  onTime,
}: {
  lessonId: string;
  hasVideo: boolean;
  lang: Language;
  vtt: string;
  onVideo: (video: HTMLVideoElement | null) => void;
  onDuration: (seconds: number | null) => void;
  onTime: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const access = useLessonAccess(lessonId, hasVideo);
  // The link refreshes before it expires; the element keeps the one it started with.
  const [source, setSource] = useState<string | null>(null);
  const fresh = access.data?.video ?? null;
  useEffect(() => {
    if (fresh && !source) setSource(fresh);
  }, [fresh, source]);
  const [failed, setFailed] = useState(false);

  // The cues as a file the video reads: a new local link each time they change.
  const trackUrl = useMemo(() => (vtt ? URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' })) : null), [vtt]);
  useEffect(() => () => (trackUrl ? URL.revokeObjectURL(trackUrl) : undefined), [trackUrl]);

  if (!hasVideo) {
    return (
      <p className="rounded-2xl border border-line bg-blush-50 p-4 text-sm text-ink-soft">
        {t('player.admin.cues.noVideo')}
      </p>
    );
  }
  if (access.isError || failed) {
    return <FormProblem>{t('player.admin.cues.videoFailed')}</FormProblem>;
  }
  if (!source) {
    return <div className="aspect-video w-full animate-pulse rounded-2xl bg-blush-50" aria-hidden="true" />;
  }
  return (
    <div className="lg:sticky lg:top-4">
      {/* biome-ignore lint/a11y/useMediaCaption: its track is the subtitles being edited, added once there is a cue */}
      <video
        ref={onVideo}
        src={source}
        controls
        preload="metadata"
        playsInline
        aria-label={t('player.admin.cues.previewLabel', { lang: lang.toUpperCase() })}
        data-testid="subtitles-preview"
        className="aspect-video w-full rounded-2xl bg-ink"
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          onDuration(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
        }}
        onTimeUpdate={(event) => onTime(event.currentTarget.currentTime)}
        onSeeked={(event) => onTime(event.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      >
        {trackUrl ? (
          <track key={trackUrl} kind="subtitles" src={trackUrl} srcLang={lang} label={lang.toUpperCase()} default />
        ) : null}
      </video>
    </div>
  );
}

function SubtitleCuesForm({
  lessonId,
  lang,
  stored,
  preview,
  onPreview,
}: {
  lessonId: string;
  lang: Language;
  stored: LessonMedia['subtitles'][Language];
  preview: Preview;
  onPreview: (vtt: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const id = `subtitles-${lang}`;
  const langName = lang.toUpperCase();
  const existing = useSubtitlesText(lessonId, lang, stored !== undefined);
  const save = useSaveSubtitles(lessonId);
  const remove = useDeleteSubtitles(lessonId);
  const { ask, dialog } = useConfirm();
  const [rows, setRows] = useState<CueRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [importNote, setImportNote] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const textRefs = useRef(new Map<string, HTMLTextAreaElement>());
  const listRef = useRef<HTMLOListElement>(null);

  // The stored file becomes the list once; a later refetch must not undo the admin's edits.
  const loaded = useRef(false);
  useEffect(() => {
    if (!existing.data || loaded.current) return;
    loaded.current = true;
    const parsed = parseVttCues(existing.data.vtt);
    if (parsed.ok) setRows(rowsOf(parsed.cues));
  }, [existing.data]);

  const checks = useMemo(() => checkCueRows(rows, preview.duration), [rows, preview.duration]);
  const cues = useMemo(() => cuesOfRows(rows), [rows]);
  const vtt = useMemo(() => (cues.length > 0 ? serializeCues(cues) : ''), [cues]);
  useEffect(() => onPreview(vtt), [vtt, onPreview]);

  useEffect(() => {
    if (!focusKey) return;
    textRefs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const update = (key: string, change: Partial<CueRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const touch = (name: string) => setTouched((current) => new Set(current).add(name));

  const addAt = (start: number) => {
    const key = nextKey();
    setRows((current) =>
      sortRows([
        ...current,
        { key, start: formatCueTime(start), end: formatCueTime(newCueEnd(start, current, preview.duration)), text: '' },
      ]),
    );
    setFocusKey(key);
  };
  const addAtCurrent = () => addAt(preview.video?.currentTime ?? preview.time);
  const addAfterLast = () => {
    const ends = rows.map((row) => parseCueTime(row.end)).filter((end): end is number => end !== null);
    addAt(ends.length > 0 ? Math.max(...ends) : 0);
  };
  // The focus goes to the words of the cue that takes its place (or the one before), else to the list.
  const removeRow = (key: string) => {
    const index = rows.findIndex((row) => row.key === key);
    const next = rows[index + 1] ?? rows[index - 1];
    setRows((current) => current.filter((row) => row.key !== key));
    if (next) setFocusKey(next.key);
    else listRef.current?.focus();
  };
  const seek = (seconds: number) => {
    if (preview.video) preview.video.currentTime = seconds;
  };

  const problemOf = (check: CueRowCheck, field: 'start' | 'end' | 'text', key: string) => {
    const found = check[field];
    if (!found || !(submitted || touched.has(`${key}.${field}`))) return undefined;
    return t(`player.admin.cues.problems.${found}`, {
      duration: preview.duration === null ? '' : formatCueTime(preview.duration),
    });
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportNote(null);
    if (file.size > SUBTITLES_MAX_CHARS * 4) {
      setProblem(t('player.admin.cues.importFailed', { name: file.name, reason: serverText('subtitlesTooLong') }));
      return;
    }
    const result = parseVttCues(await file.text());
    if (!result.ok) {
      setProblem(
        t('player.admin.cues.importFailed', {
          name: file.name,
          reason: t(`player.admin.cues.importProblems.${result.problem satisfies WebVttProblem}`, {
            line: result.line,
          }),
        }),
      );
      return;
    }
    setRows(rowsOf(result.cues));
    setTouched(new Set());
    setSubmitted(false);
    setProblem(null);
    setFileName(file.name);
    setImportNote(t('player.admin.cues.imported', { count: result.cues.length, name: file.name }));
  };

  const exportFile = () => {
    const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `subtitles-${lang}.vtt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const blocking = checks.some(blocksSaving);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setImportNote(null);
    if (rows.length === 0) {
      setProblem(t('player.admin.cues.needOne'));
      return;
    }
    if (blocking) {
      setProblem(t('player.admin.cues.fixFirst'));
      return;
    }
    setProblem(null);
    save.mutate(
      { lang, vtt },
      {
        onSuccess: () => toast.success(t('player.admin.subtitlesSaved')),
        onError: (failure) => setProblem(problemText(failure, t('player.admin.failed'))),
      },
    );
  };

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
  const overlapping = checks.filter((check) => check.overlaps).length;

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4" aria-labelledby={`${id}-list-title`}>
      <p className="text-sm text-ink-soft" data-testid="subtitles-stored">
        {storedText}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {preview.video ? (
          <button type="button" className="btn btn-primary min-h-11" onClick={addAtCurrent}>
            {t('player.admin.cues.addAtCurrent', { time: formatCueTime(preview.time) })}
          </button>
        ) : null}
        <button type="button" className="btn btn-outline min-h-11" onClick={addAfterLast}>
          {t('player.admin.cues.add')}
        </button>
      </div>

      <div>
        <h3 id={`${id}-list-title`} className="text-lg">
          {t('player.admin.cues.listTitle', { lang: langName })}
          <span className="ml-2 text-sm font-normal text-muted">
            {t('player.admin.cues.count', { count: rows.length })}
          </span>
        </h3>
        {overlapping > 0 ? (
          <p className="mt-1 text-sm text-amber-800">{t('player.admin.cues.overlapSummary', { count: overlapping })}</p>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">
          {existing.isLoading ? t('player.admin.cues.loading') : t('player.admin.cues.empty')}
        </p>
      ) : null}
      <ol
        ref={listRef}
        tabIndex={-1}
        className="grid grid-cols-1 gap-3 outline-none"
        aria-labelledby={`${id}-list-title`}
      >
        {rows.map((row, index) => {
          const check = checks[index] as CueRowCheck;
          const start = parseCueTime(row.start);
          const end = parseCueTime(row.end);
          const playing = start !== null && end !== null && preview.time >= start && preview.time < end;
          const rowId = `${id}-${row.key}`;
          const startError = problemOf(check, 'start', row.key);
          const endError = problemOf(check, 'end', row.key);
          const textError = problemOf(check, 'text', row.key);
          const number = index + 1;
          return (
            <li
              key={row.key}
              data-testid="subtitle-cue"
              className={`min-w-0 rounded-2xl border p-3 ${playing ? 'border-rose-600 bg-blush-50' : 'border-line'}`}
            >
              <fieldset className="grid min-w-0 grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-[8.5rem_8.5rem_minmax(0,1fr)]">
                <legend className="mb-1 text-sm font-semibold text-ink-soft">
                  {t('player.admin.cues.cueNumber', { number })}
                  {playing ? (
                    <span className="ml-2 font-normal text-rose-800">{t('player.admin.cues.playing')}</span>
                  ) : null}
                </legend>
                <CueTimeField
                  id={`${rowId}-start`}
                  label={t('player.admin.cues.start')}
                  value={row.start}
                  error={startError}
                  onChange={(value) => update(row.key, { start: value })}
                  onBlur={() => {
                    touch(`${row.key}.start`);
                    setRows((current) => sortRows(current));
                  }}
                />
                <CueTimeField
                  id={`${rowId}-end`}
                  label={t('player.admin.cues.end')}
                  value={row.end}
                  error={endError}
                  onChange={(value) => update(row.key, { end: value })}
                  onBlur={() => touch(`${row.key}.end`)}
                />
                <div className="col-span-2 min-w-0 sm:col-span-1">
                  <label htmlFor={`${rowId}-text`} className="field-label">
                    {t('player.admin.cues.text')}
                  </label>
                  <textarea
                    ref={(node) => {
                      if (node) textRefs.current.set(row.key, node);
                      else textRefs.current.delete(row.key);
                    }}
                    id={`${rowId}-text`}
                    value={row.text}
                    rows={2}
                    lang={lang}
                    maxLength={1000}
                    aria-invalid={textError ? true : undefined}
                    aria-describedby={textError ? `${rowId}-text-error` : undefined}
                    onChange={(event) => update(row.key, { text: event.target.value })}
                    onBlur={() => touch(`${row.key}.text`)}
                    className="input min-h-11 resize-y"
                  />
                  {textError ? <FieldError id={`${rowId}-text`}>{textError}</FieldError> : null}
                </div>
              </fieldset>
              {check.overlaps ? (
                <p className="mt-2 text-sm text-amber-800">{t('player.admin.cues.problems.overlaps')}</p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                {preview.video && start !== null ? (
                  <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => seek(start)}>
                    <PlayIcon width={16} height={16} />
                    {t('player.admin.cues.seek', { time: formatCueTime(start) })}
                  </button>
                ) : null}
                <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => removeRow(row.key)}>
                  <TrashIcon width={16} height={16} />
                  {t('player.admin.cues.remove', { number })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>

      <div className="grid grid-cols-1 gap-2">
        {/* relative: the hidden input sits here, so focusing it scrolls to the button, not elsewhere */}
        <div className="relative flex flex-wrap items-center gap-3">
          <input
            id={`${id}-file`}
            type="file"
            accept=".vtt,text/vtt"
            className="peer sr-only"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => void pick(event)}
          />
          <label htmlFor={`${id}-file`} className={PICK_BUTTON}>
            {t('player.admin.cues.import', { lang: langName })}
          </label>
          <button
            type="button"
            className="btn btn-outline min-h-11"
            disabled={vtt === '' || blocking}
            onClick={exportFile}
          >
            {t('player.admin.cues.export', { lang: langName })}
          </button>
        </div>
        <p id={`${id}-file-hint`} className="text-sm break-words text-muted">
          {fileName ? t('player.admin.cues.importedFrom', { name: fileName }) : t('player.admin.cues.importHint')}
        </p>
      </div>

      {importNote ? (
        <p role="status" className="text-sm text-ink-soft">
          {importNote}
        </p>
      ) : null}
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
                      setRows([]);
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
      {dialog}
    </form>
  );
}

function CueTimeField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder="00:00.000"
        title={t('player.admin.cues.timeHint')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="input font-mono tabular-nums"
      />
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}
