import { type CustomRequest, formatMoney } from '@atelier/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { problemText } from '../../../shared/forms/server-errors';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { CustomStatusBadge, QuoteDetails, RequestDetails } from '../../../shared/ui/custom-request-summary';
import { FormProblem } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useCustomerStep, useMyCustomRequest, useMyCustomRequests } from '../../custom-orders/api/custom-orders';
import { createPayment } from '../../payments/api/create-payment';

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/** The customer's steps on one request: accept or decline a quote, pay the deposit or the balance. */
function CustomerActions({ request }: { request: CustomRequest }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const step = useCustomerStep();
  const { ask, dialog } = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const fail = (error: unknown) => setProblem(problemText(error, t('customOrders.detail.failed')));

  const accept = async () => {
    setProblem(null);
    try {
      if (!request.quote) return;
      const result = await step.mutateAsync({ id: request.id, action: 'accept', quotedAt: request.quote.quotedAt });
      if (result.message) toast.success(result.message);
    } catch (error) {
      fail(error);
    }
  };

  /** The deposit's or balance's order, then the normal payment: card → the provider's page; else the order page. */
  const pay = async (part: 'deposit' | 'balance') => {
    setProblem(null);
    setPaying(true);
    try {
      const { order } = await step.mutateAsync({ id: request.id, action: 'pay', part });
      if (!order) return;
      if (order.paymentMethod === 'card' && order.status === 'pending') {
        const payment = await createPayment({ orderId: order.id });
        if (payment.redirectUrl) {
          window.location.assign(payment.redirectUrl);
          return;
        }
      }
      // PayPal (its page, or the owner's invoice) and anything else: the order's page offers its payment.
      void navigate(`/account/orders/${order.id}`);
    } catch (error) {
      fail(error);
      setPaying(false);
    }
  };

  const quote = request.quote;
  const actions =
    request.status === 'quoted' ? (
      <>
        <button type="button" className="btn btn-primary" onClick={() => void accept()} disabled={step.isPending}>
          {t('customOrders.detail.accept')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={step.isPending}
          onClick={() =>
            ask({
              title: t('customOrders.detail.decline'),
              description: t('customOrders.detail.declineConfirm'),
              confirmLabel: t('customOrders.detail.decline'),
              tone: 'danger',
              action: async () => {
                try {
                  const result = await step.mutateAsync({ id: request.id, action: 'decline' });
                  if (result.message) toast.success(result.message);
                } catch (error) {
                  if (isApiError(error)) fail(error);
                  throw error;
                }
              },
            })
          }
        >
          {t('customOrders.detail.decline')}
        </button>
      </>
    ) : request.nextPayment && quote ? (
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void pay(request.nextPayment!)}
        disabled={paying}
      >
        {t(request.nextPayment === 'deposit' ? 'customOrders.detail.payDeposit' : 'customOrders.detail.payBalance', {
          amount: formatMoney(
            request.nextPayment === 'deposit' ? quote.deposit : quote.balance,
            quote.currency,
            language,
          ),
        })}
      </button>
    ) : null;

  return (
    <>
      {actions ? <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
      <FormProblem>{problem}</FormProblem>
      {dialog}
    </>
  );
}

function RequestDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: request, isPending, isError, error, refetch } = useMyCustomRequest(id);
  if (isPending) return <Loading />;
  if (isError) {
    return isApiError(error) && error.status === 404 ? (
      <EmptyState title={t('customOrders.detail.notFound')} />
    ) : (
      <ErrorState onRetry={() => void refetch()} />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Link to="/account/custom-orders" className="link self-start text-sm">
        ← {t('customOrders.detail.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-serif text-3xl">{t('customOrders.list.number', { number: request.number })}</h2>
        <CustomStatusBadge status={request.status} />
      </div>
      {request.status === 'declined' ? (
        <p>
          {request.declinedBy === 'customer'
            ? t('customOrders.detail.declinedByCustomer')
            : t('customOrders.detail.declinedByAdmin')}
          {request.declineNote ? <span className="block text-muted wrap-anywhere">{request.declineNote}</span> : null}
        </p>
      ) : null}
      {request.quote ? (
        <QuoteDetails request={request} orderLinks="account" />
      ) : request.status === 'new' ? (
        <p className="text-muted">{t('customOrders.detail.noQuote')}</p>
      ) : null}
      <CustomerActions request={request} />
      <RequestDetails request={request} />
    </div>
  );
}

/** `/account/custom-orders` (the list) and `/account/custom-orders/<id>` (one request). */
export function CustomRequestsSection({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, isPending, isError, refetch } = useMyCustomRequests();
  if (id) return <RequestDetail key={id} id={id} />;
  return (
    <section aria-labelledby="account-custom-orders">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="account-custom-orders" className="font-serif text-2xl">
          {t('customOrders.list.title')}
        </h2>
        <Link to="/custom-order" className="btn btn-outline btn-sm">
          {t('customOrders.list.new')}
        </Link>
      </div>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={t('customOrders.list.empty')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {data.map((request) => (
            <li key={request.id} className="card flex flex-col gap-2 p-5">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-serif text-2xl">{t('customOrders.list.number', { number: request.number })}</span>
                <CustomStatusBadge status={request.status} />
              </p>
              <p className="text-sm">
                {request.occasion === 'other' && request.occasionOther
                  ? request.occasionOther
                  : t(`customOrders.occasions.${request.occasion}`)}
              </p>
              <p className="text-sm text-muted">
                {t('customOrders.list.sentOn', { date: formatDate(request.createdAt, language) })}
              </p>
              <Link to={`/account/custom-orders/${request.id}`} className="btn btn-outline btn-sm mt-2 self-start">
                {t('customOrders.list.open', { number: request.number })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
