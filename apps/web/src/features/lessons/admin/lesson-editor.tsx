import {
  type AdminLesson,
  LANGUAGES,
  type Language,
  LESSON_LEVELS,
  type LessonLevel,
  type LessonWrite,
  METHODOLOGY_MAX_BYTES,
  POSTER_MAX_BYTES,
} from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { useUploadProgress } from '../../../shared/api/upload';
import { fieldProblems } from '../../../shared/forms/server-errors';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { FormProblem } from '../../../shared/ui/form-field';
import { FileField } from '../../../shared/ui/image-upload-field';
import { LocalizedField, toFullText } from '../../../shared/ui/localized-field';
import { toast } from '../../../shared/ui/toast';
import { UploadProgressBar } from '../../../shared/ui/upload-progress';
import { type LessonFilesInput, useSaveLesson } from '../api/admin-lessons';

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** Largest video the form lets through; the server's UPLOAD_LIMIT_MB has the last word. */
const VIDEO_MAX_BYTES = 4 * 1024 * 1024 * 1024;

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
  const [lang, setLang] = useState<Language>('ru');
  const [number, setNumber] = useState(String(lesson?.number ?? nextNumber));
  const [title, setTitle] = useState(() => toFullText(lesson?.title));
  const [description, setDescription] = useState(() => toFullText(lesson?.description));
  const [level, setLevel] = useState<LessonLevel>(lesson?.level ?? 'basic');
  const [duration, setDuration] = useState(lesson?.durationMinutes ? String(lesson.durationMinutes) : '');
  const [rub, setRub] = useState(String(lesson?.price.rub ?? ''));
  const [eur, setEur] = useState(lesson?.price.eur === null || !lesson ? '' : String(lesson.price.eur));
  const [usd, setUsd] = useState(lesson?.price.usd === null || !lesson ? '' : String(lesson.price.usd));
  const [published, setPublished] = useState(lesson?.published ?? true);
  const [files, setFiles] = useState<LessonFilesInput>({});
  const [removeVideo, setRemoveVideo] = useState(false);
  const [removeMethodology, setRemoveMethodology] = useState<Language[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { progress, onProgress, reset } = useUploadProgress();
  const save = useSaveLesson();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.ru.trim() === '') {
      setLang('ru');
      setProblem(t('training.admin.ruRequired'));
      return;
    }
    const priceRub = numberOrNull(rub);
    if (priceRub === null || Number.isNaN(priceRub) || priceRub < 0) {
      setProblem(t('training.admin.priceRequired'));
      return;
    }
    setProblem(null);
    const fields: LessonWrite = {
      number: Number(number),
      title,
      description,
      level,
      price: { rub: priceRub, eur: numberOrNull(eur), usd: numberOrNull(usd) },
      durationMinutes: numberOrNull(duration),
      published,
      ...(lesson ? { removeVideo: removeVideo && !files.video, removeMethodology } : {}),
    };
    save.mutate(
      { id: lesson?.id ?? null, fields, files, onProgress },
      {
        onSuccess: () => {
          toast.success(t('training.admin.saved'));
          onDone();
        },
        onError: (error) => {
          const details = fieldProblems(error).map((p) => p.message);
          setProblem([errorMessage(error, t('training.admin.failed')), ...details].join(' · '));
        },
        onSettled: reset,
      },
    );
  };

  const setFile = (name: keyof LessonFilesInput) => (file: File | null) => setFiles({ ...files, [name]: file });
  const busy = save.isPending;

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="lesson-number" className="field-label">
            {t('training.admin.fields.number')}
          </label>
          <input
            id="lesson-number"
            className="input"
            type="number"
            min={1}
            step={1}
            required
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="lesson-level" className="field-label">
            {t('training.level')}
          </label>
          <select
            id="lesson-level"
            className="input"
            value={level}
            onChange={(event) => setLevel(event.target.value as LessonLevel)}
          >
            {LESSON_LEVELS.map((value) => (
              <option key={value} value={value}>
                {t(`training.levels.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lesson-duration" className="field-label">
            {t('training.admin.fields.duration')}
          </label>
          <input
            id="lesson-duration"
            className="input"
            type="number"
            min={1}
            step={1}
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
        </div>
      </div>
      <ChipGroup
        legend={t('training.admin.fields.language')}
        legendClassName="field-label"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(value) => value.toUpperCase()}
      />
      <LocalizedField
        id="lesson-title"
        label={t('training.admin.fields.title', { lang: lang.toUpperCase() })}
        lang={lang}
        value={title}
        onChange={setTitle}
        maxLength={200}
      />
      <LocalizedField
        id="lesson-description"
        label={t('training.admin.fields.description', { lang: lang.toUpperCase() })}
        lang={lang}
        value={description}
        onChange={setDescription}
        maxLength={20000}
        multiline
      />
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <legend className="field-label">{t('training.admin.fields.price')}</legend>
        {(
          [
            ['rub', '₽', rub, setRub],
            ['eur', '€', eur, setEur],
            ['usd', '$', usd, setUsd],
          ] as const
        ).map(([key, symbol, value, set]) => (
          <div key={key}>
            <label htmlFor={`lesson-price-${key}`} className="mb-1 block text-sm text-ink-soft">
              {t(`training.admin.fields.price_${key}`, { symbol })}
            </label>
            <input
              id={`lesson-price-${key}`}
              className="input"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={value}
              onChange={(event) => set(event.target.value)}
            />
          </div>
        ))}
      </fieldset>
      <p className="-mt-3 text-sm text-muted">{t('training.admin.priceHint')}</p>
      <FileField
        id="lesson-video"
        label={t('training.admin.fields.video')}
        hint={t('training.admin.videoHint')}
        file={files.video ?? null}
        onChange={setFile('video')}
        currentName={removeVideo ? null : lesson?.video?.filename}
        accept="video/mp4,video/webm"
        maxBytes={VIDEO_MAX_BYTES}
        disabled={busy}
      />
      {lesson?.video && !files.video ? (
        <label className="-mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={removeVideo} onChange={(event) => setRemoveVideo(event.target.checked)} />
          {t('training.admin.removeVideo')}
        </label>
      ) : null}
      <FileField
        id="lesson-poster"
        label={t('training.admin.fields.poster')}
        file={files.poster ?? null}
        onChange={setFile('poster')}
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
              file={files[name] ?? null}
              onChange={setFile(name)}
              currentName={removeMethodology.includes(code) ? null : stored?.filename}
              accept="application/pdf"
              maxBytes={METHODOLOGY_MAX_BYTES}
              disabled={busy}
            />
            {stored && !files[name] ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={removeMethodology.includes(code)}
                  onChange={(event) =>
                    setRemoveMethodology(
                      event.target.checked
                        ? [...removeMethodology, code]
                        : removeMethodology.filter((value) => value !== code),
                    )
                  }
                />
                {t('training.admin.removeMethodology', { lang: code.toUpperCase() })}
              </label>
            ) : null}
          </div>
        );
      })}
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} />
        {t('training.admin.fields.published')}
      </label>
      <UploadProgressBar progress={progress} label={t('training.admin.uploading')} />
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('common.sending') : t('training.admin.save')}
        </button>
      </div>
    </form>
  );
}
