import { localize, type PromoCode, type PromoCodeWrite, PromoCodeWriteSchema } from '@atelier/shared';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { formatPercent } from '../../../shared/format/percent';
import { CheckboxGroup } from '../../../shared/forms/checkbox-group';
import { problemText } from '../../../shared/forms/server-errors';
import { numberOrNull, numberText, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckboxField, FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useAdminCourses } from '../../courses/api/admin-courses';
import { useAdminLessons } from '../../lessons/api/admin-lessons';
import { useSavePromoCode } from '../api/admin-promo-codes';

/** `yyyy-mm-dd` of an ISO date for a date input, and back to the end of that day (UTC). */
const toDateInput = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const fromDateInput = (value: string) => (value ? `${value}T23:59:59.000Z` : null);

/** What the promo code form holds: the inputs' text and the ticked lessons and courses. */
export interface PromoCodeForm {
  code: string;
  percentOff: string;
  lessonIds: string[];
  courseIds: string[];
  maxUses: string;
  /** A date input's value: the code works to the end of that day. */
  expiresAt: string;
  active: boolean;
}

export function promoCodeFormOf(promo: PromoCode | null): PromoCodeForm {
  return {
    code: promo?.code ?? '',
    percentOff: String(promo?.percentOff ?? 10),
    lessonIds: promo?.lessonIds ?? [],
    courseIds: promo?.courseIds ?? [],
    maxUses: numberText(promo?.maxUses),
    expiresAt: toDateInput(promo?.expiresAt ?? null),
    active: promo?.active ?? true,
  };
}

/** The body of POST/PUT /admin/promo-codes (checked with PromoCodeWriteSchema before it is sent). */
export function promoCodeBody(form: PromoCodeForm): PromoCodeWrite {
  return {
    code: form.code.trim(),
    percentOff: Number(form.percentOff),
    lessonIds: form.lessonIds,
    courseIds: form.courseIds,
    maxUses: numberOrNull(form.maxUses),
    expiresAt: fromDateInput(form.expiresAt),
    active: form.active,
  };
}

/** From this discount on, a code someone could guess by trying gets a warning in the form. */
export const GUESSABLE_WARNING_PERCENT = 50;

/**
 * Whether a code for a big discount could be found by trying words: shorter than 8 characters, a
 * single word with at most four digits (SILK10, SPRING2024), or digits only. A warning, not a rule:
 * the server limits how many codes anyone may try, and the owner may still save it.
 */
export function isGuessableCode(code: string, percentOff: number): boolean {
  if (!(percentOff >= GUESSABLE_WARNING_PERCENT)) return false;
  const plain = code.trim().toUpperCase();
  if (plain === '') return false;
  if (plain.length < 8) return true;
  return /^\p{L}+[-_]?\d{0,4}$/u.test(plain) || /^[\d\-_]+$/.test(plain);
}

/** Create or edit a promo code: code, percent, the lessons and courses it applies to, limit, expiry. */
export function PromoCodeEditor({ promo, onDone }: { promo: PromoCode | null; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lessons = useAdminLessons();
  const courses = useAdminCourses();
  const save = useSavePromoCode();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PromoCodeForm, unknown, PromoCodeWrite>({
    resolver: writeResolver(PromoCodeWriteSchema, promoCodeBody),
    defaultValues: promoCodeFormOf(promo),
  });
  const { register, handleSubmit } = form;
  const [codeText, percentText] = useWatch({ control: form.control, name: ['code', 'percentOff'] });
  const guessable = isGuessableCode(codeText, Number(percentText));
  const message = useFieldMessage(form.formState.errors);

  const submit = handleSubmit((fields) => {
    setProblem(null);
    save.mutate(
      { id: promo?.id ?? null, fields },
      {
        onSuccess: () => {
          toast.success(t('training.promoAdmin.saved'));
          onDone();
        },
        onError: (error) => setProblem(problemText(error, t('training.admin.failed'), true)),
      },
    );
  });

  const checkList = 'grid grid-cols-1 max-h-56 gap-1 overflow-y-auto rounded-2xl border border-line bg-white p-3';
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...register('code')}
            id="promo-code"
            label={t('training.promoAdmin.fields.code')}
            error={message('code')}
            hint={t('training.promoAdmin.codeHint')}
            inputClassName="uppercase"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            {...register('percentOff')}
            id="promo-percent"
            label={t('training.promoAdmin.fields.percent')}
            error={message('percentOff')}
            type="number"
            min={1}
            max={100}
            step={1}
          />
          <TextField
            {...register('maxUses')}
            id="promo-max"
            label={t('training.promoAdmin.fields.maxUses')}
            error={message('maxUses')}
            type="number"
            min={1}
            step={1}
            placeholder={t('training.promoAdmin.unlimited')}
          />
          <TextField
            {...register('expiresAt')}
            id="promo-expires"
            label={t('training.promoAdmin.fields.expires')}
            error={message('expiresAt')}
            type="date"
          />
        </div>
        {guessable ? (
          <p role="status" className="rounded-2xl bg-amber-100 p-3 text-sm text-amber-900">
            {t('training.promoAdmin.guessable', { percent: formatPercent(GUESSABLE_WARNING_PERCENT, language) })}
          </p>
        ) : null}
        <CheckboxGroup
          name="lessonIds"
          id="promo-lessons"
          legend={t('training.promoAdmin.fields.lessons')}
          hint={t('training.promoAdmin.lessonsHint')}
          error={message('lessonIds')}
          listClassName={checkList}
          options={(lessons.data ?? []).map((lesson) => ({
            value: lesson.id,
            label: `${t('training.lessonNumber', { number: lesson.number })} — ${localize(lesson.title, language)}`,
          }))}
        />
        <CheckboxGroup
          name="courseIds"
          id="promo-courses"
          legend={t('training.promoCourses')}
          hint={t('training.promoCoursesHint')}
          error={message('courseIds')}
          listClassName={checkList}
          options={(courses.data ?? []).map((course) => ({
            value: course.id,
            label: localize(course.title, language),
          }))}
        />
        <CheckboxField {...register('active')} id="promo-active">
          <span className="font-semibold">{t('training.promoAdmin.fields.active')}</span>
        </CheckboxField>
        <FormProblem>{problem}</FormProblem>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={save.isPending}>{t('training.admin.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
