import {
  type AdminCourse,
  type AdminLesson,
  COURSE_LEVELS,
  type CourseWrite,
  CourseWriteSchema,
  type LessonLevel,
  localize,
  POSTER_MAX_BYTES,
  TRANSLATED_FIELDS,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { type FullText, LocalizedFields, toFullText } from '../../../shared/forms/localized-fields';
import { moneyRules, PRICE_PATHS, priceFromText } from '../../../shared/forms/money-input';
import { problemText } from '../../../shared/forms/server-errors';
import { useMissingLanguagesWarning } from '../../../shared/forms/use-missing-languages-warning';
import { numberOrNull, numberText, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
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
import { moveItem, SortableList } from '../../../shared/ui/sortable-list';
import { toast } from '../../../shared/ui/toast';
import { useSaveCourse } from '../api/admin-courses';

/** ISO instant → the value of a datetime-local input (local time). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the course form holds: the inputs' text and the ordered lesson ids. */
export interface CourseForm {
  title: FullText;
  description: FullText;
  /** "What you'll learn" and "Materials", one point per line. */
  outcomes: FullText;
  materials: FullText;
  level: LessonLevel;
  isMasterClass: boolean;
  durationMinutes: string;
  price: { rub: string; eur: string; usd: string };
  /** A datetime-local value (the admin's local time). */
  eventAt: string;
  eventPlace: string;
  seatLimit: string;
  lessonIds: string[];
  published: boolean;
}

export function courseFormOf(course: AdminCourse | null): CourseForm {
  return {
    title: toFullText(course?.title),
    description: toFullText(course?.description),
    outcomes: toFullText(course?.outcomes),
    materials: toFullText(course?.materials),
    level: course?.level ?? 'basic',
    isMasterClass: course?.isMasterClass ?? false,
    durationMinutes: numberText(course?.durationSet),
    price: {
      rub: numberText(course?.price.rub),
      eur: numberText(course?.price.eur),
      usd: numberText(course?.price.usd),
    },
    eventAt: toLocalInput(course?.eventAt ?? null),
    eventPlace: course?.eventPlace ?? '',
    seatLimit: numberText(course?.seatLimit),
    lessonIds: course?.lessons.map((lesson) => lesson.id) ?? [],
    published: course?.published ?? true,
  };
}

/** The `data` part of POST/PUT /admin/courses (checked with CourseWriteSchema before it is sent). */
export function courseBody(form: CourseForm): CourseWrite {
  return {
    title: form.title,
    description: form.description,
    level: form.level,
    isMasterClass: form.isMasterClass,
    durationMinutes: numberOrNull(form.durationMinutes),
    price: priceFromText(form.price),
    eventAt: form.eventAt ? new Date(form.eventAt).toISOString() : null,
    eventPlace: form.eventPlace.trim() || null,
    seatLimit: numberOrNull(form.seatLimit),
    lessonIds: form.lessonIds,
    outcomes: form.outcomes,
    materials: form.materials,
    published: form.published,
  };
}

/**
 * Create or edit a course / master class: texts per language, level, master-class flag with an
 * optional live date, place and seat limit, duration (empty = computed), prices, cover, and the
 * ordered lessons (the shared reorder list: drag, keyboard, or the ↑ / ↓ buttons; moves are spoken).
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
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCourse();
  const form = useForm<CourseForm, unknown, CourseWrite>({
    resolver: writeResolver(CourseWriteSchema, courseBody, moneyRules(PRICE_PATHS)),
    defaultValues: courseFormOf(course),
  });
  const { register, control, handleSubmit, watch } = form;
  const { field: order } = useController({ control, name: 'lessonIds' });
  const message = useFieldMessage(form.formState.errors, {
    'title.ru': t('training.coursesAdmin.ruRequired'),
    'price.rub': t('training.admin.priceRequired'),
  });

  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const elsewhere = new Set(
    courses.filter((other) => other.id !== course?.id).flatMap((other) => other.lessons.map((lesson) => lesson.id)),
  );
  const nameOf = (id: string) => {
    const lesson = byId.get(id);
    return lesson ? `${lesson.number}. ${localize(lesson.title, language)}` : id;
  };
  const computed = order.value.reduce((sum, id) => sum + (byId.get(id)?.durationMinutes ?? 0), 0);
  const available = lessons.filter((lesson) => !order.value.includes(lesson.id));
  const busy = save.isPending;

  const warning = useMissingLanguagesWarning<CourseForm>(TRANSLATED_FIELDS.course, (field, lang) =>
    t(`training.coursesAdmin.${field}In`, { language: lang.toUpperCase(), lang: lang.toUpperCase() }),
  );

  const submit = handleSubmit((fields) => {
    setProblem(null);
    if (!warning.allows(form.getValues())) return;
    save.mutate(
      { id: course?.id ?? null, fields, cover },
      {
        onSuccess: () => {
          toast.success(t('training.coursesAdmin.saved'));
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('training.coursesAdmin.failed'))),
      },
    );
  });

  const priceLabel = { rub: 'priceRub', eur: 'priceEur', usd: 'priceUsd' } as const;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
        <LocalizedFields
          idPrefix="course"
          legend={t('training.admin.fields.language')}
          message={message}
          fields={[
            {
              name: 'title',
              label: (lang) => t('training.coursesAdmin.titleIn', { language: lang.toUpperCase() }),
              maxLength: 200,
            },
            {
              name: 'description',
              label: (lang) => t('training.coursesAdmin.descriptionIn', { language: lang.toUpperCase() }),
              maxLength: 20000,
              multiline: true,
            },
            {
              name: 'outcomes',
              label: (lang) => t('training.coursesAdmin.outcomesIn', { lang: lang.toUpperCase() }),
              hint: t('training.admin.fields.pointsHint'),
              maxLength: 4000,
              multiline: true,
              inputClassName: 'min-h-24',
            },
            {
              name: 'materials',
              label: (lang) => t('training.coursesAdmin.materialsIn', { lang: lang.toUpperCase() }),
              hint: t('training.admin.fields.pointsHint'),
              maxLength: 4000,
              multiline: true,
              inputClassName: 'min-h-24',
            },
          ]}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField id="course-level" label={t('training.level')}>
            <select {...register('level')} {...fieldControlProps('course-level', false)} className="input">
              {COURSE_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {t(`training.levels.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            {...register('durationMinutes')}
            id="course-duration"
            label={t('training.coursesAdmin.duration')}
            error={message('durationMinutes')}
            hint={t('training.coursesAdmin.durationHint', { minutes: computed })}
            type="number"
            min={1}
            step={1}
          />
        </div>
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <legend className="field-label">{t('training.admin.fields.price')}</legend>
          {(['rub', 'eur', 'usd'] as const).map((key) => (
            <TextField
              key={key}
              {...register(`price.${key}`)}
              id={`course-price-${key}`}
              label={t(`training.coursesAdmin.${priceLabel[key]}`)}
              error={message(`price.${key}`)}
              inputMode="decimal"
              autoComplete="off"
            />
          ))}
        </fieldset>
        <p className="-mt-3 text-sm text-muted">{t('training.coursesAdmin.priceOptionalHint')}</p>
        <CheckboxField {...register('isMasterClass')} id="course-master-class">
          <span className="font-semibold">{t('training.coursesAdmin.isMasterClass')}</span>
        </CheckboxField>
        {watch('isMasterClass') ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField
              {...register('eventAt')}
              id="course-event-at"
              label={t('training.coursesAdmin.eventAt')}
              error={message('eventAt')}
              type="datetime-local"
            />
            <TextField
              {...register('eventPlace')}
              id="course-event-place"
              label={t('training.coursesAdmin.eventPlace')}
              error={message('eventPlace')}
              maxLength={300}
            />
            <TextField
              {...register('seatLimit')}
              id="course-seats"
              label={t('training.coursesAdmin.seatLimit')}
              error={message('seatLimit')}
              hint={t('training.coursesAdmin.seatLimitHint', { taken: course?.seatsTaken ?? 0 })}
              type="number"
              min={1}
              step={1}
            />
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
        <fieldset className="min-w-0">
          <legend className="field-label">{t('training.coursesAdmin.lessons')}</legend>
          <p className="mb-3 text-sm text-muted">{t('training.coursesAdmin.lessonsHint')}</p>
          {order.value.length === 0 ? (
            <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm">{t('training.coursesAdmin.noLessons')}</p>
          ) : (
            <SortableList
              items={order.value}
              itemKey={(id) => id}
              itemName={nameOf}
              onMove={(from, to) => order.onChange(moveItem(order.value, from, to))}
              moveLabels={{
                earlier: (name) => t('training.coursesAdmin.moveUp', { name }),
                later: (name) => t('training.coursesAdmin.moveDown', { name }),
              }}
              movedText={(name, position, total) => t('training.coursesAdmin.moved', { name, position, total })}
              className="flex flex-col gap-2"
              itemClassName="rounded-2xl border border-line bg-ivory px-2 py-2"
              listProps={{ 'data-testid': 'course-lesson-order' }}
              renderItem={(id, _index, { handle, moveButtons }) => {
                const name = nameOf(id);
                return (
                  <div className="flex flex-wrap items-center gap-2">
                    {handle}
                    <span className="min-w-40 flex-1 break-words">{name}</span>
                    <span className="ml-auto flex items-center gap-1">
                      {moveButtons}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-red-800"
                        aria-label={t('training.coursesAdmin.remove', { name })}
                        onClick={() => order.onChange(order.value.filter((other) => other !== id))}
                      >
                        ✕
                      </button>
                    </span>
                  </div>
                );
              }}
            />
          )}
          {message('lessonIds') ? (
            <p className="field-error" role="alert">
              {message('lessonIds')}
            </p>
          ) : null}
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
                  if (event.target.value) order.onChange([...order.value, event.target.value]);
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
        <CheckboxField {...register('published')} id="course-published">
          <span className="font-semibold">{t('training.coursesAdmin.publishedField')}</span>
        </CheckboxField>
        <FormProblem>{problem}</FormProblem>
        {warning.notice(submit)}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={busy}>{t('training.coursesAdmin.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
