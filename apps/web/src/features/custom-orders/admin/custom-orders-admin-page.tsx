import {
  adminCustomActions,
  CURRENCIES,
  CUSTOM_REQUEST_STATUSES,
  type CustomQuoteBody,
  CustomQuoteBody as CustomQuoteSchema,
  type CustomRequest,
  type CustomRequestStatus,
} from '@atelier/shared';
import { parseMoney } from '@atelier/shared/money-text';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Route, Routes, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { moneyRules } from '../../../shared/forms/money-input';
import { problemText } from '../../../shared/forms/server-errors';
import { numberOrNull, useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { CustomStatusBadge, QuoteDetails, RequestDetails } from '../../../shared/ui/custom-request-summary';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { FormField, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAdminCustomRequest, useAdminCustomRequests, useAdminStep } from '../api/custom-orders';

const PAGE_SIZE = 20;
type StatusFilter = CustomRequestStatus | 'all';

interface QuoteForm {
  price: string;
  currency: string;
  depositPercent: string;
  dueDate: string;
  message: string;
}

const toQuoteBody = (form: QuoteForm): CustomQuoteBody => ({
  price: parseMoney(form.price) ?? Number.NaN,
  currency: form.currency as CustomQuoteBody['currency'],
  depositPercent: numberOrNull(form.depositPercent) ?? Number.NaN,
  dueDate: form.dueDate,
  message: form.message.trim() || undefined,
});

/** The admin's quote: price and currency, deposit %, the date it is ready by, a message. */
function QuoteFormCard({ request }: { request: CustomRequest }) {
  const { t } = useTranslation();
  const step = useAdminStep();
  const [problem, setProblem] = useState<string | null>(null);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const quote = request.quote;
  const form = useForm<QuoteForm, unknown, CustomQuoteBody>({
    resolver: writeResolver(CustomQuoteSchema, toQuoteBody, moneyRules(['price'])),
    defaultValues: {
      price: quote ? String(quote.price) : request.budget !== null ? String(request.budget) : '',
      currency: quote?.currency ?? request.budgetCurrency ?? 'RUB',
      depositPercent: quote ? String(quote.depositPercent) : '30',
      dueDate: quote?.dueDate ?? request.dateNeeded,
      message: quote?.message ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const message = useFieldMessage(errors);

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const result = await step.mutateAsync({ id: request.id, action: 'quote', body });
      if (result.message) toast.success(result.message);
    } catch (error) {
      setProblem(problemText(error, t('customOrders.detail.failed')));
    }
  });

  return (
    <section aria-labelledby={id('title')} className="card p-5 sm:p-6">
      <h2 id={id('title')} className="mb-4 font-serif text-2xl">
        {t('customOrders.admin.quoteTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            {...register('price')}
            id={id('price')}
            inputMode="decimal"
            autoComplete="off"
            label={t('customOrders.admin.price')}
            error={message('price')}
          />
          <FormField id={id('currency')} label={t('customOrders.admin.currency')} error={message('currency')}>
            <select
              {...register('currency')}
              {...fieldControlProps(id('currency'), Boolean(errors.currency))}
              className="input"
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </FormField>
          <TextField
            {...register('depositPercent')}
            id={id('depositPercent')}
            inputMode="numeric"
            autoComplete="off"
            label={t('customOrders.admin.depositPercent')}
            error={message('depositPercent')}
          />
        </div>
        <TextField
          {...register('dueDate')}
          id={id('dueDate')}
          type="date"
          label={t('customOrders.admin.dueDate')}
          error={message('dueDate')}
        />
        <FormField id={id('message')} label={t('customOrders.admin.message')} error={message('message')}>
          <textarea
            {...register('message')}
            {...fieldControlProps(id('message'), Boolean(errors.message))}
            rows={4}
            maxLength={2000}
            className="input min-h-24"
          />
        </FormField>
        <FormProblem>{problem}</FormProblem>
        <SubmitButton pending={isSubmitting} className="self-start">
          {quote ? t('customOrders.admin.requote') : t('customOrders.admin.sendQuote')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** Decline (nothing paid yet), start work (deposit paid), mark done (nothing left to pay). */
function StatusActions({ request }: { request: CustomRequest }) {
  const { t } = useTranslation();
  const step = useAdminStep();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();
  const actions = adminCustomActions(request);

  const run = async (action: Parameters<typeof step.mutateAsync>[0]) => {
    setProblem(null);
    try {
      const result = await step.mutateAsync(action);
      if (result.message) toast.success(result.message);
    } catch (error) {
      setProblem(problemText(error, t('customOrders.detail.failed')));
    }
  };

  if (actions.length === 0 || (actions.length === 1 && actions[0] === 'quote')) {
    return request.status === 'in_work' ? <p className="text-muted">{t('customOrders.admin.balanceDue')}</p> : null;
  }
  return (
    <div className="flex flex-col gap-3">
      {actions.includes('decline') ? (
        <div className="card flex flex-col gap-3 p-5 sm:p-6">
          <TextField
            id={noteId}
            label={t('customOrders.admin.declineNote')}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-outline self-start"
            disabled={step.isPending}
            onClick={() => void run({ id: request.id, action: 'decline', note: note.trim() || undefined })}
          >
            {t('customOrders.admin.decline')}
          </button>
        </div>
      ) : null}
      {actions.includes('in_work') ? (
        <button
          type="button"
          className="btn btn-primary self-start"
          disabled={step.isPending}
          onClick={() => void run({ id: request.id, action: 'status', status: 'in_work' })}
        >
          {t('customOrders.admin.startWork')}
        </button>
      ) : null}
      {actions.includes('done') ? (
        <button
          type="button"
          className="btn btn-primary self-start"
          disabled={step.isPending}
          onClick={() => void run({ id: request.id, action: 'status', status: 'done' })}
        >
          {t('customOrders.admin.markDone')}
        </button>
      ) : null}
      <FormProblem>{problem}</FormProblem>
    </div>
  );
}

function DetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: request, isPending, isError, error, refetch } = useAdminCustomRequest(id);
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (isError) {
    return isApiError(error) && (error.status === 404 || error.status === 400) ? (
      <EmptyState title={t('customOrders.detail.notFound')} />
    ) : (
      <ErrorState onRetry={() => void refetch()} />
    );
  }
  const canQuote = request.status === 'new' || request.status === 'quoted';
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/custom-orders" className="link self-start text-sm">
        ← {t('customOrders.admin.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl">{t('customOrders.list.number', { number: request.number })}</h1>
        <CustomStatusBadge status={request.status} />
      </div>
      {request.status === 'declined' && request.declineNote ? (
        <p className="wrap-anywhere text-muted">{request.declineNote}</p>
      ) : null}
      <RequestDetails request={request} />
      <QuoteDetails request={request} orderLinks="admin" />
      {canQuote ? <QuoteFormCard key={request.quote?.quotedAt ?? 'new'} request={request} /> : null}
      <StatusActions request={request} />
    </div>
  );
}

function ListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const query = useAdminCustomRequests({ status: status === 'all' ? undefined : status, page });

  const columns: DataColumn<CustomRequest>[] = [
    {
      key: 'number',
      header: t('customOrders.admin.number'),
      cell: (row) => (
        <Link to={`/admin/custom-orders/${row.id}`} className="link font-semibold">
          {t('customOrders.list.number', { number: row.number })}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('customOrders.admin.statusFilter'),
      cell: (row) => <CustomStatusBadge status={row.status} />,
    },
    {
      key: 'customer',
      header: t('customOrders.detail.customer'),
      cell: (row) => <span className="wrap-anywhere">{row.customer?.name ?? '—'}</span>,
    },
    {
      key: 'occasion',
      header: t('customOrders.detail.occasion'),
      cell: (row) =>
        row.occasion === 'other' && row.occasionOther ? row.occasionOther : t(`customOrders.occasions.${row.occasion}`),
    },
    {
      key: 'date',
      header: t('customOrders.detail.dateNeeded'),
      cell: (row) => formatDate(`${row.dateNeeded}T12:00:00Z`, language),
    },
    { key: 'created', header: t('customOrders.admin.created'), cell: (row) => formatDate(row.createdAt, language) },
  ];

  return (
    <section aria-labelledby="custom-orders-admin-title" className="flex flex-col gap-6">
      <h1 id="custom-orders-admin-title" className="font-serif text-3xl">
        {t('customOrders.admin.title')}
      </h1>
      <DataTable
        caption={t('customOrders.admin.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={t('customOrders.admin.empty')}
        toolbar={
          <ChipGroup
            legend={t('customOrders.admin.statusFilter')}
            options={['all', ...CUSTOM_REQUEST_STATUSES] as StatusFilter[]}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            label={(value) => (value === 'all' ? t('customOrders.admin.all') : t(`customOrders.status.${value}`))}
          />
        }
        pagination={{ page, limit: PAGE_SIZE, total: query.data?.meta.total ?? 0, onPageChange: setPage }}
      />
    </section>
  );
}

/** `/admin/custom-orders`: the requests by status; `/admin/custom-orders/<id>`: one, with its quote and steps. */
export function CustomOrdersAdminPage() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path=":id" element={<DetailPage />} />
    </Routes>
  );
}
