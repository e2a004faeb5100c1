import {
  type AdminCourse,
  type AdminLesson,
  COURSE_LEVELS,
  type CourseWrite,
  LANGUAGES,
  type Language,
  type LessonLevel,
  localize,
  POSTER_MAX_BYTES,
} from '@atelier/shared';
import { type DragEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { fieldProblems } from '../../../shared/forms/server-errors';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { FormProblem } from '../../../shared/ui/form-field';
import { FileField } from '../../../shared/ui/image-upload-field';
import { LocalizedField, toFullText } from '../../../shared/ui/localized-field';
import { toast } from '../../../shared/ui/toast';
import { useSaveCourse } from '../api/admin-courses';

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** ISO instant → the value of a datetime-local input (local time). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Moves the item at `from` to `to` (both indexes in the list). */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Create or edit a course / master class: texts per language, level, master-class flag with an
 * optional live date, place and seat limit, duration (empty = computed), prices, cover, and the
 * ordered lessons — drag and drop, or the ↑ / ↓ buttons from the keyboard (moves are announced).
 */
export function CourseEditor({
  course,
  lessons,
  courses,
  onDone,
}: {
  course: AdminCourse | null;
  lessons: AdminLesson[];
  courses: AdminCourse[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const addId = useId();
  const [lang, setLang] = useState<Language>('ru');
  const [title, setTitle] = useState(() => toFullText(course?.title));
  const [description, setDescription] = useState(() => toFullText(course?.description));
  const [level, setLevel] = useState<LessonLevel>(course?.level ?? 'basic');
  const [isMasterClass, setIsMasterClass] = useState(course?.isMasterClass ?? false);
  const [duration, setDuration] = useState(course?.durationSet ? String(course.durationSet) : '');
  const [rub, setRub] = useState(String(course?.price.rub ?? ''));
  const [eur, setEur] = useState(course?.price.eur == null ? '' : String(course.price.eur));
  const [usd, setUsd] = useState(course?.price.usd == null ? '' : String(course.price.usd));
  const [eventAt, setEventAt] = useState(toLocalInput(course?.eventAt ?? null));
  const [eventPlace, setEventPlace] = useState(course?.eventPlace ?? '');
  const [seatLimit, setSeatLimit] = useState(course?.seatLimit ? String(course.seatLimit) : '');
  const [published, setPublished] = useState(course?.published ?? true);
  const [cover, setCover] = useState<File | null>(null);
  const [order, setOrder] = useState<string[]>(() => course?.lessons.map((lesson) => lesson.id) ?? []);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCourse();

  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const elsewhere = new Set(
    courses.filter((other) => other.id !== course?.id).flatMap((other) => other.lessons.map((lesson) => lesson.id)),
  );
  const nameOf = (id: string) => {
    const lesson = byId.get(id);
    return lesson ? `${lesson.number}. ${localize(lesson.title, language)}` : id;
  };
  const computed = order.reduce((sum, id) => sum + (byId.get(id)?.durationMinutes ?? 0), 0);

  const move = (from: number, to: number) => {
    const next = moveItem(order, from, to);
    if (next === order) return;
    setOrder(next);
    const id = order[from] as string;
    setAnnouncement(t('training.coursesAdmin.moved', { name: nameOf(id), position: to + 1, total: next.length }));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragging ?? Number(event.dataTransfer.getData('text/plain'));
    setDragging(null);
    if (!Number.isNaN(from)) move(from, to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.ru.trim() === '') {
      setLang('ru');
      setProblem(t('training.coursesAdmin.ruRequired'));
      return;
    }
    const priceRub = numberOrNull(rub);
    if (priceRub === null || Number.isNaN(priceRub) || priceRub < 0) {
      setProblem(t('training.admin.priceRequired'));
      return;
    }
    setProblem(null);
    const fields: CourseWrite = {
      title,
      description,
      level,
      isMasterClass,
      durationMinutes: numberOrNull(duration),
      price: { rub: priceRub, eur: numberOrNull(eur), usd: numberOrNull(usd) },
      eventAt: eventAt ? new Date(eventAt).toISOString() : null,
      eventPlace: eventPlace.trim() || null,
      seatLimit: numberOrNull(seatLimit),
      lessonIds: order,
      published,
    };
    save.mutate(
      { id: course?.id ?? null, fields, cover },
      {
        onSuccess: () => {
          toast.success(t('training.coursesAdmin.saved'));
          onDone();
        },
        onError: (error) => {
          const details = fieldProblems(error).map((p) => p.message);
          setProblem([errorMessage(error, t('training.coursesAdmin.failed')), ...details].join(' · '));
        },
      },
    );
  };

  const available = lessons.filter((lesson) => !order.includes(lesson.id));
  const busy = save.isPending;

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
      <ChipGroup
        legend={t('training.admin.fields.language')}
        legendClassName="field-label"
        options={LANGUAGES}
        value={lang}
        onChange={setLang}
        label={(value) => value.toUpperCase()}
      />
      <LocalizedField
        id="course-title"
        label={t('training.coursesAdmin.titleIn', { language: lang.toUpperCase() })}
        lang={lang}
        value={title}
        onChange={setTitle}
        maxLength={200}
      />
      <LocalizedField
        id="course-description"
        label={t('training.coursesAdmin.descriptionIn', { language: lang.toUpperCase() })}
        lang={lang}
        value={description}
        onChange={setDescription}
        maxLength={20000}
        multiline
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="course-level" className="field-label">
            {t('training.level')}
          </label>
          <select
            id="course-level"
            className="input"
            value={level}
            onChange={(event) => setLevel(event.target.value as LessonLevel)}
          >
            {COURSE_LEVELS.map((value) => (
              <option key={value} value={value}>
                {t(`training.levels.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="course-duration" className="field-label">
            {t('training.coursesAdmin.duration')}
          </label>
          <input
            id="course-duration"
            className="input"
            type="number"
            min={1}
            step={1}
            aria-describedby="course-duration-hint"
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
          <p id="course-duration-hint" className="mt-1 text-xs text-muted">
            {t('training.coursesAdmin.durationHint', { minutes: computed })}
          </p>
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <legend className="field-label">{t('training.admin.fields.price')}</legend>
        {(
          [
            ['rub', rub, setRub],
            ['eur', eur, setEur],
            ['usd', usd, setUsd],
          ] as const
        ).map(([key, value, set]) => (
          <div key={key}>
            <label htmlFor={`course-price-${key}`} className="mb-1 block text-sm text-ink-soft">
              {t(`training.coursesAdmin.price${key === 'rub' ? 'Rub' : key === 'eur' ? 'Eur' : 'Usd'}`)}
            </label>
            <input
              id={`course-price-${key}`}
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
      <p className="-mt-3 text-sm text-muted">{t('training.coursesAdmin.priceOptionalHint')}</p>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={isMasterClass} onChange={(event) => setIsMasterClass(event.target.checked)} />
        {t('training.coursesAdmin.isMasterClass')}
      </label>
      {isMasterClass ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor="course-event-at" className="field-label">
              {t('training.coursesAdmin.eventAt')}
            </label>
            <input
              id="course-event-at"
              className="input"
              type="datetime-local"
              value={eventAt}
              onChange={(event) => setEventAt(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor="course-event-place" className="field-label">
              {t('training.coursesAdmin.eventPlace')}
            </label>
            <input
              id="course-event-place"
              className="input"
              maxLength={300}
              value={eventPlace}
              onChange={(event) => setEventPlace(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor="course-seats" className="field-label">
              {t('training.coursesAdmin.seatLimit')}
            </label>
            <input
              id="course-seats"
              className="input"
              type="number"
              min={1}
              step={1}
              aria-describedby="course-seats-hint"
              value={seatLimit}
              onChange={(event) => setSeatLimit(event.target.value)}
            />
            <p id="course-seats-hint" className="mt-1 text-xs text-muted">
              {t('training.coursesAdmin.seatLimitHint', { taken: course?.seatsTaken ?? 0 })}
            </p>
          </div>
        </div>
      ) : null}
      <FileField
        id="course-cover"
        label={t('training.coursesAdmin.cover')}
        file={cover}
        onChange={setCover}
        currentName={course?.cover ? t('training.admin.posterSet') : null}
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        maxBytes={POSTER_MAX_BYTES}
        disabled={busy}
      />
      <fieldset>
        <legend className="field-label">{t('training.coursesAdmin.lessons')}</legend>
        <p className="mb-3 text-sm text-muted">{t('training.coursesAdmin.lessonsHint')}</p>
        {order.length === 0 ? (
          <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm">{t('training.coursesAdmin.noLessons')}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="course-lesson-order">
            {order.map((id, index) => {
              const name = nameOf(id);
              return (
                <li
                  key={id}
                  draggable
                  onDragStart={(event) => {
                    setDragging(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                  }}
                  onDragEnter={(event) => event.preventDefault()}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                  }}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={() => setDragging(null)}
                  className={`flex cursor-grab items-center gap-3 rounded-2xl border border-line bg-ivory px-3 py-2 ${
                    dragging === index ? 'opacity-50' : ''
                  }`}
                >
                  <span aria-hidden="true" className="text-muted">
                    ⠿
                  </span>
                  <span className="min-w-0 flex-1 break-words">{name}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('training.coursesAdmin.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('training.coursesAdmin.moveDown', { name })}
                    disabled={index === order.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-red-800"
                    aria-label={t('training.coursesAdmin.remove', { name })}
                    onClick={() => setOrder(order.filter((other) => other !== id))}
                  >
                    ✕
                  </button>
                </li>
              );
            })}
          </ol>
        )}
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {available.length > 0 ? (
          <div className="mt-3">
            <label htmlFor={addId} className="mb-1 block text-sm text-ink-soft">
              {t('training.coursesAdmin.addLesson')}
            </label>
            <select
              id={addId}
              className="input"
              value=""
              onChange={(event) => {
                if (event.target.value) setOrder([...order, event.target.value]);
              }}
            >
              <option value="">{t('training.coursesAdmin.addLessonPlaceholder')}</option>
              {available.map((lesson) => (
                <option key={lesson.id} value={lesson.id} disabled={elsewhere.has(lesson.id)}>
                  {lesson.number}. {localize(lesson.title, language)}
                  {elsewhere.has(lesson.id) ? ` (${t('training.coursesAdmin.inOtherCourse')})` : ''}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} />
        {t('training.coursesAdmin.publishedField')}
      </label>
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('common.sending') : t('training.coursesAdmin.save')}
        </button>
      </div>
    </form>
  );
}
