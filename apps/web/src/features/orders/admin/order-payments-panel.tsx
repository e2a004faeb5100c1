import { type Currency, formatMoney, type Order } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { adminScope } from '../../../shared/api/query-keys';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ConfirmRequest } from '../../../shared/ui/confirm-dialog';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { useMarkOrderPaid, useOrderPayments, useSendPaypalInvoice } from '../../payments/api/admin-payments';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { orderKeys } from '../api/keys';
import { formatDateTime } from '../components/order-detail';
import { canMarkPaid } from '../payment-path';
import { paymentEventSentence } from './payment-event-sentence';
import { useRefundDialog } from './use-refund-dialog';

const PAYMENT_STATUSES = [
  'created',
  'requested',
  'pending',
  'invoice_sent',
  'succeeded',
  'canceled',
  'failed',
] as const;
const PROVIDERS = ['test', 'yookassa', 'paypal', 'paypal-manual', 'manual'] as const;
/** What the server accepts as an invoice link (SendPaypalInvoiceBody): https only. */
const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const known = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Admin order page: "Mark paid" (cash, bank transfer or a PayPal invoice paid outside the site,
 * with the bank/PayPal reference, confirmed in the page's dialog), the refund of a cancelled order
 * paid by card through YooKassa, and every payment attempt with what happened to it, in a sentence each.
 */
export function OrderPaymentsPanel({ order, ask }: { order: Order; ask: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const referenceId = useId();
  const client = useQueryClient();
  const payments = useOrderPayments(order.id);
  const markPaid = useMarkOrderPaid();
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const invoiceId = useId();
  const methods = usePaymentMethods();
  const sendInvoice = useSendPaypalInvoice();
  const [invoiceUrl, setInvoiceUrl] = useState('');
  const [invoiceProblem, setInvoiceProblem] = useState<string | null>(null);
  // The money came through YooKassa or PayPal's API and the order is cancelled: the owner gives it back from here.
  const refundable =
    order.status === 'cancelled' &&
    order.paymentState === 'paid' &&
    (order.paymentMethod === 'card' || order.paymentMethod === 'paypal')
      ? payments.data?.find((p) => (p.provider === 'yookassa' || p.provider === 'paypal') && p.status === 'succeeded')
      : undefined;
  const refund = useRefundDialog(order, ask);
  const manualInvoice = payments.data?.find(
    (p) => p.provider === 'paypal-manual' && (p.status === 'requested' || p.status === 'invoice_sent'),
  );
  // PayPal without the API: the owner makes the invoice in PayPal and sends its link from here.
  const canSendInvoice =
    order.paymentMethod === 'paypal' &&
    order.status === 'pending' &&
    (methods.data?.paypal === 'manual' || manualInvoice !== undefined);

  const submitInvoice = async (event: FormEvent) => {
    event.preventDefault();
    const value = invoiceUrl.trim();
    if (!isHttpsUrl(value)) return setInvoiceProblem(t('orders.admin.invoice.urlInvalid'));
    setInvoiceProblem(null);
    try {
      const { message } = await sendInvoice.mutateAsync({ orderId: order.id, url: value });
      toast.success(message ?? t('orders.admin.invoice.sent'));
      setInvoiceUrl('');
    } catch (failure) {
      setInvoiceProblem(errorMessage(failure, t('orders.admin.invoice.failed')));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = reference.trim();
    if (!value) return setProblem(t('orders.admin.referenceRequired'));
    if (value.length > 200) return setProblem(t('orders.admin.referenceTooLong'));
    setProblem(null);
    ask({
      title: t('orders.admin.markPaidTitle', { number: order.number }),
      description: t('orders.admin.markPaidText', { reference: value }),
      confirmLabel: t('orders.admin.markPaid'),
      tone: 'default',
      action: async () => {
        try {
          const { message } = await markPaid.mutateAsync({ orderId: order.id, reference: value });
          toast.success(message ?? t('orders.admin.markedPaid'));
          setReference('');
          void client.invalidateQueries({ queryKey: adminScope.all });
        } catch (failure) {
          toast.error(errorMessage(failure, t('orders.admin.markPaidFailed')));
          void client.invalidateQueries({ queryKey: orderKeys.all });
          throw failure;
        }
      },
    });
  };

  return (
    <>
      {canSendInvoice ? (
        <section className="card p-5 sm:p-6" aria-labelledby="admin-order-paypal-invoice">
          <h2 id="admin-order-paypal-invoice" className="font-serif text-2xl">
            {t('orders.admin.invoice.title')}
          </h2>
          <p className="mt-2 text-sm text-ink-soft">
            {manualInvoice?.status === 'invoice_sent'
              ? t('orders.admin.invoice.alreadySent')
              : manualInvoice
                ? t('orders.admin.invoice.requested', { email: manualInvoice.invoiceEmail ?? '—' })
                : t('orders.admin.invoice.notRequested')}
          </p>
          {manualInvoice?.status === 'invoice_sent' && manualInvoice.invoiceUrl ? (
            <p className="mt-2 break-all text-sm">
              <a className="link" href={manualInvoice.invoiceUrl} target="_blank" rel="noreferrer noopener">
                {manualInvoice.invoiceUrl}
              </a>
            </p>
          ) : null}
          <form onSubmit={(event) => void submitInvoice(event)} noValidate className="mt-4 flex flex-col gap-4">
            <TextField
              id={invoiceId}
              type="url"
              inputMode="url"
              label={t('orders.admin.invoice.url')}
              hint={t('orders.admin.invoice.urlHint')}
              error={invoiceProblem}
              value={invoiceUrl}
              maxLength={2000}
              required
              placeholder="https://www.paypal.com/invoice/p/#…"
              onChange={(event) => setInvoiceUrl(event.target.value)}
            />
            <SubmitButton pending={sendInvoice.isPending}>{t('orders.admin.invoice.send')}</SubmitButton>
          </form>
        </section>
      ) : null}

      {canMarkPaid(order) ? (
        <section className="card p-5 sm:p-6" aria-labelledby="admin-order-mark-paid">
          <h2 id="admin-order-mark-paid" className="font-serif text-2xl">
            {t('orders.admin.markPaid')}
          </h2>
          <p className="mt-2 text-sm text-ink-soft">{t('orders.admin.markPaidHint')}</p>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
            <TextField
              id={referenceId}
              label={t('orders.admin.reference')}
              error={problem}
              value={reference}
              maxLength={200}
              required
              onChange={(event) => setReference(event.target.value)}
            />
            <SubmitButton pending={markPaid.isPending}>{t('orders.admin.markPaid')}</SubmitButton>
          </form>
        </section>
      ) : null}

      {refundable ? (
        <section className="card p-5 sm:p-6" aria-labelledby="admin-order-refund">
          <h2 id="admin-order-refund" className="font-serif text-2xl">
            {t('receipts.refund.title')}
          </h2>
          <p className="mt-2 text-sm text-ink-soft">{t('receipts.refund.hint')}</p>
          <button
            type="button"
            className="btn btn-outline mt-4"
            disabled={refund.pending}
            onClick={() => refund.askRefund(refundable.amount)}
          >
            {t('receipts.refund.button', { amount: formatMoney(refundable.amount, 'RUB', language) })}
          </button>
        </section>
      ) : null}

      <section className="card p-5 text-sm sm:p-6" aria-labelledby="admin-order-payments">
        <h2 id="admin-order-payments" className="font-serif text-2xl">
          {t('orders.admin.payments')}
        </h2>
        {payments.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : payments.isError ? (
          <p className="mt-3" role="alert">
            {t('orders.admin.paymentsFailed')}{' '}
            <button type="button" className="link" onClick={() => void payments.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : payments.data.length === 0 ? (
          <p className="mt-3 text-muted">{t('orders.admin.noPayments')}</p>
        ) : (
          <ol className="mt-4 flex flex-col divide-y divide-line">
            {payments.data.map((payment) => (
              <li key={payment.id} className="flex flex-col gap-1 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">
                    {known(PROVIDERS, payment.provider)
                      ? t(`orders.admin.provider.${payment.provider}`)
                      : t('orders.admin.provider.other')}
                  </span>
                  <span className="whitespace-nowrap font-semibold">
                    {formatMoney(payment.amount, payment.currency as Currency, language)}
                  </span>
                </div>
                <span className="text-ink-soft">
                  {known(PAYMENT_STATUSES, payment.status)
                    ? t(`orders.admin.paymentStatus.${payment.status}`)
                    : t('orders.admin.paymentStatus.other')}
                  {' · '}
                  <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, language)}</time>
                </span>
                {payment.reference ? (
                  <span className="break-words">
                    {t('orders.admin.reference')}: {payment.reference}
                  </span>
                ) : null}
                {payment.invoiceEmail ? (
                  <span className="break-words text-ink-soft">
                    {t('orders.admin.invoiceEmail', { email: payment.invoiceEmail })}
                  </span>
                ) : null}
                {payment.events.length > 0 ? (
                  <ul className="mt-1 flex flex-col gap-0.5 text-ink-soft">
                    {payment.events.map((event) => (
                      <li key={`${event.createdAt}-${event.type}`} className="break-words">
                        {paymentEventSentence(t, event, payment, language)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
