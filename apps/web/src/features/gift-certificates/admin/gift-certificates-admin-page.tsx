import {
  type AdminGiftCertificate,
  CURRENCIES,
  formatMoney,
  GIFT_CERTIFICATE_STATUSES,
  GiftCertificateSettingsSchema,
  type GiftCertificateStatus,
  IssueGiftCertificateBody,
  LANGUAGES,
} from '@atelier/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { CheckboxField, FormField, FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import {
  useAdminGiftCertificate,
  useAdminGiftCertificates,
  useDeactivateGiftCertificate,
  useGiftSettings,
  useIssueGiftCertificate,
  useSaveGiftSettings,
} from '../api/admin-gift-certificates';
import {
  type IssueForm,
  issueBody,
  issueFormDefaults,
  issueRules,
  type SettingsForm,
  settingsBody,
  settingsFormOf,
  settingsRules,
} from './gift-admin-forms';

const PAGE_SIZE = 20;
const LANGUAGE_NAMES = { ru: 'Русский', en: 'English', es: 'Español' } as const;
type StatusFilter = GiftCertificateStatus | 'all';

/** Issue a certificate by hand: mailed to the recipient on a day, or its code handed over by the admin. */
function IssueDialog({ open, onClose }: { open: boolean; onClose: (issued?: AdminGiftCertificate) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const issue = useIssueGiftCertificate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<IssueForm, unknown, ReturnType<typeof issueBody>>({
    resolver: writeResolver(IssueGiftCertificateBody, issueBody, issueRules),
    defaultValues: issueFormDefaults(language),
  });
  const { register, handleSubmit, watch, reset } = form;
  const message = useFieldMessage(form.formState.errors);
  const sendMail = watch('sendMail');

  const submit = handleSubmit((body) => {
    setProblem(null);
    issue.mutate(body, {
      onSuccess: ({ data }) => {
        toast.success(t('giftCertificates.admin.issued', { code: data.code }));
        reset(issueFormDefaults(language));
        onClose(data);
      },
      onError: (error) => setProblem(problemText(error, t('giftCertificates.admin.failed'), true)),
    });
  });

  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('giftCertificates.admin.issue')} size="md">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...register('amount')}
            id="gift-issue-amount"
            label={t('giftCertificates.admin.fields.amount')}
            error={message('amount')}
            inputMode="decimal"
            autoComplete="off"
          />
          <FormField id="gift-issue-currency" label={t('giftCertificates.form.currency')}>
            <select {...register('currency')} id="gift-issue-currency" className="input">
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <CheckboxField {...register('sendMail')} id="gift-issue-mail">
          {t('giftCertificates.admin.fields.sendMail')}
        </CheckboxField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...register('recipientName')}
            id="gift-issue-name"
            label={t('giftCertificates.form.recipientName')}
            error={message('recipientName')}
            autoComplete="off"
          />
          <TextField
            {...register('recipientEmail')}
            id="gift-issue-email"
            type="email"
            label={t('giftCertificates.form.recipientEmail')}
            error={message('recipientEmail')}
            autoComplete="off"
          />
          {sendMail ? (
            <>
              <TextField
                {...register('deliveryDate')}
                id="gift-issue-date"
                type="date"
                label={t('giftCertificates.form.deliveryDate')}
                hint={t('giftCertificates.admin.todayHint')}
                error={message('deliveryDate')}
              />
              <FormField id="gift-issue-language" label={t('giftCertificates.form.language')}>
                <select {...register('language')} id="gift-issue-language" className="input">
                  {LANGUAGES.map((value) => (
                    <option key={value} value={value} lang={value}>
                      {LANGUAGE_NAMES[value]}
                    </option>
                  ))}
                </select>
              </FormField>
            </>
          ) : null}
        </div>
        {sendMail ? (
          <FormField id="gift-issue-message" label={t('giftCertificates.form.message')} error={message('message')}>
            <textarea {...register('message')} id="gift-issue-message" rows={3} maxLength={500} className="input" />
          </FormField>
        ) : null}
        <TextField
          {...register('note')}
          id="gift-issue-note"
          label={t('giftCertificates.admin.fields.note')}
          hint={t('giftCertificates.admin.noteHint')}
          error={message('note')}
          maxLength={300}
        />
        <FormProblem>{problem}</FormProblem>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-ghost" onClick={() => onClose()}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={issue.isPending}>{t('giftCertificates.admin.issue')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

/** One certificate: who, how much is left, its history; deactivate while it is valid. */
function DetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useAdminGiftCertificate(id);
  const deactivate = useDeactivateGiftCertificate();
  const { ask, dialog } = useConfirm();
  const certificate = query.data;
  const money = (amount: number) => (certificate ? formatMoney(amount, certificate.currency, language) : '');

  return (
    <Modal
      open={id !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('giftCertificates.admin.detail')}
      size="lg"
    >
      {!certificate ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        <div className="flex flex-col gap-5 text-sm">
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-muted">{t('giftCertificates.list.code')}</dt>
            <dd className="font-mono font-semibold break-all">{certificate.code}</dd>
            <dt className="text-muted">{t('giftCertificates.admin.columns.balance')}</dt>
            <dd>
              {money(certificate.balance)} / {money(certificate.amount)}
            </dd>
            <dt className="text-muted">{t('giftCertificates.admin.columns.status')}</dt>
            <dd>{t(`giftCertificates.status.${certificate.status}`)}</dd>
            <dt className="text-muted">{t('giftCertificates.admin.columns.recipient')}</dt>
            <dd className="wrap-anywhere">
              {[certificate.recipientName, certificate.recipientEmail].filter(Boolean).join(' · ') || '—'}
            </dd>
            <dt className="text-muted">{t('giftCertificates.admin.columns.source')}</dt>
            <dd>
              {certificate.orderId && certificate.orderNumber !== null ? (
                <Link to={`/admin/orders/${certificate.orderId}`} className="link">
                  {t('giftCertificates.list.order', { number: certificate.orderNumber })}
                </Link>
              ) : (
                t('giftCertificates.admin.byHand')
              )}
              {certificate.buyer ? ` · ${certificate.buyer.name}` : ''}
            </dd>
            <dt className="text-muted">{t('giftCertificates.form.deliveryDate')}</dt>
            <dd>
              {certificate.deliveredAt
                ? t('giftCertificates.list.deliveredAt', { date: formatDateTime(certificate.deliveredAt, language) })
                : certificate.deliveryDate
                  ? t('giftCertificates.list.deliveryOn', {
                      date: formatDate(`${certificate.deliveryDate}T12:00:00Z`, language),
                    })
                  : t('giftCertificates.admin.notMailed')}
            </dd>
            {certificate.message ? (
              <>
                <dt className="text-muted">{t('giftCertificates.form.message')}</dt>
                <dd className="wrap-anywhere">{certificate.message}</dd>
              </>
            ) : null}
          </dl>
          <section aria-labelledby="gift-history">
            <h3 id="gift-history" className="mb-2 font-serif text-xl">
              {t('giftCertificates.admin.history')}
            </h3>
            <ol className="flex flex-col divide-y divide-line">
              {(certificate.history ?? []).map((movement) => (
                <li key={movement.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-semibold">{t(`giftCertificates.admin.kinds.${movement.kind}`)}</span>{' '}
                    {movement.orderId && movement.orderNumber !== null ? (
                      <Link to={`/admin/orders/${movement.orderId}`} className="link">
                        {t('giftCertificates.list.order', { number: movement.orderNumber })}
                      </Link>
                    ) : null}
                    {movement.note ? <span className="text-muted"> · {movement.note}</span> : null}
                    {movement.actor ? <span className="text-muted"> · {movement.actor.name}</span> : null}
                    <span className="block text-xs text-muted">{formatDateTime(movement.createdAt, language)}</span>
                  </span>
                  <span className="text-right">
                    <span className="font-semibold">
                      {movement.amount > 0 ? '+' : ''}
                      {money(movement.amount)}
                    </span>
                    <span className="block text-xs text-muted">
                      {t('giftCertificates.admin.after', { balance: money(movement.balanceAfter) })}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
          {certificate.status === 'active' ? (
            <button
              type="button"
              className="btn btn-outline self-start text-rose-800"
              onClick={() =>
                ask({
                  title: t('giftCertificates.admin.deactivateTitle'),
                  description: t('giftCertificates.admin.deactivateText', { balance: money(certificate.balance) }),
                  confirmLabel: t('giftCertificates.admin.deactivate'),
                  tone: 'danger',
                  action: () =>
                    deactivate.mutateAsync({ id: certificate.id }).then(
                      () => toast.success(t('giftCertificates.admin.deactivated')),
                      (error: unknown) => {
                        toast.error(problemText(error, t('giftCertificates.admin.failed'), false));
                        throw error;
                      },
                    ),
                })
              }
            >
              {t('giftCertificates.admin.deactivate')}
            </button>
          ) : null}
          {dialog}
        </div>
      )}
    </Modal>
  );
}

/** Presets and limits per currency (what the gift certificate page offers). */
function SettingsPanel() {
  const settings = useGiftSettings();
  if (!settings.data) return null;
  return <SettingsEditor key={JSON.stringify(settings.data)} initial={settingsFormOf(settings.data)} />;
}

function SettingsEditor({ initial }: { initial: SettingsForm }) {
  const { t } = useTranslation();
  const save = useSaveGiftSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SettingsForm, unknown, ReturnType<typeof settingsBody>>({
    resolver: writeResolver(GiftCertificateSettingsSchema, settingsBody, settingsRules),
    defaultValues: initial,
  });
  const message = useFieldMessage(form.formState.errors);
  const presetMessage = (currency: string) =>
    message(`${currency}.presets`) ??
    [0, 1, 2, 3, 4, 5].map((index) => message(`${currency}.presets.${index}`)).find(Boolean);
  const submit = form.handleSubmit((body) => {
    setProblem(null);
    save.mutate(body, {
      onSuccess: () => toast.success(t('giftCertificates.admin.settingsSaved')),
      onError: (error) => setProblem(problemText(error, t('giftCertificates.admin.failed'), true)),
    });
  });
  return (
    <section aria-labelledby="gift-settings" className="card mt-10 p-6">
      <h2 id="gift-settings" className="font-serif text-2xl">
        {t('giftCertificates.admin.settings')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('giftCertificates.admin.settingsHint')}</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-6">
        {CURRENCIES.map((currency) => (
          <fieldset key={currency} className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,2fr)_1fr_1fr]">
            <legend className="mb-2 font-semibold">{currency}</legend>
            <TextField
              {...form.register(`${currency}.presets`)}
              id={`gift-presets-${currency}`}
              label={t('giftCertificates.admin.fields.presets')}
              error={presetMessage(currency)}
              autoComplete="off"
            />
            <TextField
              {...form.register(`${currency}.min`)}
              id={`gift-min-${currency}`}
              label={t('giftCertificates.admin.fields.min')}
              error={message(`${currency}.min`)}
              inputMode="decimal"
            />
            <TextField
              {...form.register(`${currency}.max`)}
              id={`gift-max-${currency}`}
              label={t('giftCertificates.admin.fields.max')}
              error={message(`${currency}.max`)}
              inputMode="decimal"
            />
          </fieldset>
        ))}
        <FormProblem>{problem}</FormProblem>
        <SubmitButton pending={save.isPending} className="self-start">
          {t('giftCertificates.admin.save')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** /admin/gift-certificates: every certificate (search by code, email, name, order), issue, deactivate, settings. */
export function GiftCertificatesAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useAdminGiftCertificates({ search, status: status === 'all' ? '' : status, page, limit: PAGE_SIZE });
  const money = (certificate: AdminGiftCertificate, amount: number) =>
    formatMoney(amount, certificate.currency, language);

  const columns: DataColumn<AdminGiftCertificate>[] = [
    {
      key: 'code',
      header: t('giftCertificates.list.code'),
      cell: (c) => <span className="font-mono text-xs font-semibold break-all sm:whitespace-nowrap">{c.code}</span>,
    },
    {
      key: 'balance',
      header: t('giftCertificates.admin.columns.balance'),
      cell: (c) => (
        <span className="sm:whitespace-nowrap">
          {money(c, c.balance)} <span className="text-muted">/ {money(c, c.amount)}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('giftCertificates.admin.columns.status'),
      cell: (c) => t(`giftCertificates.status.${c.status}`),
    },
    {
      key: 'recipient',
      header: t('giftCertificates.admin.columns.recipient'),
      cell: (c) => <span className="break-all">{c.recipientEmail ?? c.recipientName ?? '—'}</span>,
    },
    {
      key: 'source',
      header: t('giftCertificates.admin.columns.source'),
      cell: (c) => (
        <>
          {c.orderNumber !== null
            ? t('giftCertificates.list.order', { number: c.orderNumber })
            : t('giftCertificates.admin.byHand')}
          <span className="block text-xs text-muted">{formatDate(c.createdAt, language)}</span>
        </>
      ),
    },
    {
      key: 'open',
      header: t('giftCertificates.admin.detail'),
      hideLabelOnPhone: true,
      cell: (c) => (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpenId(c.id)}>
          {t('giftCertificates.admin.open')}
          <span className="sr-only"> {c.code}</span>
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="gift-admin-title">
      <h1 id="gift-admin-title" className="mb-6 text-4xl">
        {t('admin.sections.giftCertificates')}
      </h1>
      <DataTable
        caption={t('giftCertificates.admin.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(c) => c.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        search={{
          value: search,
          label: t('giftCertificates.admin.search'),
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        toolbar={
          <>
            <ChipGroup
              legend={t('giftCertificates.admin.columns.status')}
              options={['all', ...GIFT_CERTIFICATE_STATUSES] as StatusFilter[]}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              label={(value) =>
                value === 'all' ? t('giftCertificates.admin.all') : t(`giftCertificates.status.${value}`)
              }
            />
            <button type="button" className="btn btn-primary" onClick={() => setIssuing(true)}>
              {t('giftCertificates.admin.issue')}
            </button>
          </>
        }
        pagination={{ page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage }}
      />
      <SettingsPanel />
      <IssueDialog
        open={issuing}
        onClose={(issued) => {
          setIssuing(false);
          if (issued) setOpenId(issued.id);
        }}
      />
      <DetailDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
