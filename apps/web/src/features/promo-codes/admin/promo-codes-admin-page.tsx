import { localize, type PromoCode, type PromoCodeWrite } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { fieldProblems } from '../../../shared/forms/server-errors';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { FormProblem } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { RowActions } from '../../../shared/ui/row-actions';
import { toast } from '../../../shared/ui/toast';
import { useAdminCourses } from '../../courses/api/admin-courses';
import { useAdminLessons } from '../../lessons/api/admin-lessons';
import { useAdminPromoCodes, useDeletePromoCode, useSavePromoCode } from '../api/admin-promo-codes';

/** `yyyy-mm-dd` of an ISO date for a date input, and back to the end of that day (UTC). */
const toDateInput = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const fromDateInput = (value: string) => (value ? `${value}T23:59:59.000Z` : null);

function PromoEditor({ promo, onDone }: { promo: PromoCode | null; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lessons = useAdminLessons();
  const courses = useAdminCourses();
  const save = useSavePromoCode();
  const [code, setCode] = useState(promo?.code ?? '');
  const [percent, setPercent] = useState(String(promo?.percentOff ?? 10));
  const [lessonIds, setLessonIds] = useState<string[]>(promo?.lessonIds ?? []);
  const [courseIds, setCourseIds] = useState<string[]>(promo?.courseIds ?? []);
  const [maxUses, setMaxUses] = useState(promo?.maxUses ? String(promo.maxUses) : '');
  const [expires, setExpires] = useState(toDateInput(promo?.expiresAt ?? null));
  const [active, setActive] = useState(promo?.active ?? true);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const fields: PromoCodeWrite = {
      code: code.trim(),
      percentOff: Number(percent),
      lessonIds,
      courseIds,
      maxUses: maxUses.trim() === '' ? null : Number(maxUses),
      expiresAt: fromDateInput(expires),
      active,
    };
    save.mutate(
      { id: promo?.id ?? null, fields },
      {
        onSuccess: () => {
          toast.success(t('training.promoAdmin.saved'));
          onDone();
        },
        onError: (error) => {
          const details = fieldProblems(error).map((p) => `${p.field}: ${p.message}`);
          setProblem([errorMessage(error, t('training.admin.failed')), ...details].join(' · '));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-code" className="field-label">
            {t('training.promoAdmin.fields.code')}
          </label>
          <input
            id="promo-code"
            className="input uppercase"
            value={code}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="promo-code-hint"
            onChange={(event) => setCode(event.target.value)}
          />
          <p id="promo-code-hint" className="mt-1.5 text-sm text-muted">
            {t('training.promoAdmin.codeHint')}
          </p>
        </div>
        <div>
          <label htmlFor="promo-percent" className="field-label">
            {t('training.promoAdmin.fields.percent')}
          </label>
          <input
            id="promo-percent"
            className="input"
            type="number"
            min={1}
            max={100}
            step={1}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="promo-max" className="field-label">
            {t('training.promoAdmin.fields.maxUses')}
          </label>
          <input
            id="promo-max"
            className="input"
            type="number"
            min={1}
            step={1}
            placeholder={t('training.promoAdmin.unlimited')}
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="promo-expires" className="field-label">
            {t('training.promoAdmin.fields.expires')}
          </label>
          <input
            id="promo-expires"
            className="input"
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
        </div>
      </div>
      <fieldset>
        <legend className="field-label">{t('training.promoAdmin.fields.lessons')}</legend>
        <p className="mb-2 text-sm text-muted">{t('training.promoAdmin.lessonsHint')}</p>
        <ul className="grid grid-cols-1 max-h-56 gap-1 overflow-y-auto rounded-2xl border border-line bg-white p-3">
          {(lessons.data ?? []).map((lesson) => (
            <li key={lesson.id}>
              <label className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={lessonIds.includes(lesson.id)}
                  onChange={(event) =>
                    setLessonIds(
                      event.target.checked ? [...lessonIds, lesson.id] : lessonIds.filter((id) => id !== lesson.id),
                    )
                  }
                />
                {t('training.lessonNumber', { number: lesson.number })} — {localize(lesson.title, language)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="field-label">{t('training.promoCourses')}</legend>
        <p className="mb-2 text-sm text-muted">{t('training.promoCoursesHint')}</p>
        <ul className="grid grid-cols-1 max-h-56 gap-1 overflow-y-auto rounded-2xl border border-line bg-white p-3">
          {(courses.data ?? []).map((course) => (
            <li key={course.id}>
              <label className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={courseIds.includes(course.id)}
                  onChange={(event) =>
                    setCourseIds(
                      event.target.checked ? [...courseIds, course.id] : courseIds.filter((id) => id !== course.id),
                    )
                  }
                />
                {localize(course.title, language)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t('training.promoAdmin.fields.active')}
      </label>
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.sending') : t('training.admin.save')}
        </button>
      </div>
    </form>
  );
}

/** /admin/promo-codes: codes with percent, lessons, uses/limit and expiry; create, edit, delete. */
export function PromoCodesAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useAdminPromoCodes();
  const remove = useDeletePromoCode();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);

  const columns: DataColumn<PromoCode>[] = [
    {
      key: 'code',
      header: t('training.promoAdmin.fields.code'),
      cell: (row) => <code className="font-semibold">{row.code}</code>,
    },
    { key: 'percent', header: t('training.promoAdmin.columns.percent'), cell: (row) => `${row.percentOff}%` },
    {
      key: 'lessons',
      header: t('training.promoAdmin.columns.lessons'),
      cell: (row) =>
        row.lessonIds.length === 0 && row.courseIds.length === 0
          ? t('training.promoAdmin.allLessons')
          : `${row.lessonIds.length} + ${row.courseIds.length}`,
    },
    {
      key: 'uses',
      header: t('training.promoAdmin.columns.uses'),
      cell: (row) => (row.maxUses === null ? String(row.usedCount) : `${row.usedCount} / ${row.maxUses}`),
    },
    {
      key: 'expires',
      header: t('training.promoAdmin.columns.expires'),
      cell: (row) => (row.expiresAt ? formatDate(row.expiresAt, language) : '—'),
    },
    {
      key: 'active',
      header: t('training.promoAdmin.columns.active'),
      cell: (row) => (row.active ? t('common.yes') : t('common.no')),
    },
    {
      key: 'actions',
      header: t('training.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (row) => (
        <RowActions
          name={row.code}
          editLabel={t('training.admin.edit')}
          deleteLabel={t('training.admin.delete')}
          onEdit={() => setEditing(row)}
          onDelete={() =>
            ask({
              title: t('training.promoAdmin.deleteTitle', { code: row.code }),
              description: t('training.promoAdmin.deleteText'),
              action: () =>
                remove.mutateAsync(row.id, {
                  onSuccess: () => toast.success(t('training.promoAdmin.deleted')),
                  onError: (error) => toast.error(errorMessage(error, t('training.admin.failed'))),
                }),
            })
          }
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="promo-admin-title">
      <h1 id="promo-admin-title" className="mb-6 text-4xl">
        {t('training.promoAdmin.title')}
      </h1>
      <DataTable
        caption={t('training.promoAdmin.caption')}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('training.promoAdmin.add')}
          </button>
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('training.promoAdmin.newTitle') : t('training.promoAdmin.editTitle')}
        size="lg"
      >
        {editing !== null ? (
          <PromoEditor
            key={editing === 'new' ? 'new' : editing.id}
            promo={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
