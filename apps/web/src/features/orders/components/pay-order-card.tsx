import type { Order } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paypalRedirects } from '../../../shared/ui/paypal-mode';
import { Spinner } from '../../../shared/ui/spinner';
import { ChangeOrderButton } from '../../cart/api/components';
import { useCreatePayment } from '../../payments/api/create-payment';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { usePayLinkPath, usePaypalInvoice } from '../../payments/api/get-payment-status';
import { paymentKeys } from '../../payments/api/keys';
import { orderKeys } from '../api/keys';
import { canChangeOrder, canPayOnline, instructionsUrl, nextStepAfterStart } from '../payment-path';
import { PaypalModal } from './paypal-modal';

/**
 * The order page and the thank-you pages, while the order waits for its money: "Pay now" for a
 * card or PayPal order (a new payment — PayPal's approval page when the shop has its API — or,
 * PayPal without it, a new invoice: the way back after a failed or abandoned payment) and "Change
 * the order" (its lines back to the cart, docs/decisions/0104), and the
 * payment instructions for cash and bank transfer. Nothing for a paid, cancelled or free order.
 */
export function PayOrderCard({ order, initialProblem = null }: { order: Order; initialProblem?: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const createPayment = useCreatePayment();
  const [problem, setProblem] = useState<string | null>(initialProblem);
  const [paypalOpen, setPaypalOpen] = useState(false);
  const online = canPayOnline(order);
  // PayPal on its own page (api, or the demo's sandbox) is paid as a card is; manual asks for an address.
  const paypalMode = usePaymentMethods().data?.paypal;
  const paypalPage = order.paymentMethod === 'paypal' && paypalRedirects(paypalMode);
  const invoice = usePaypalInvoice(order.id, online && order.paymentMethod === 'paypal').data ?? null;
  const offline = order.status === 'pending' && order.total > 0 && !online && order.paymentMethod !== 'card';
  // A custom piece's deposit or balance, or a bank transfer: the link mailed to pay online (docs/decisions/0083).
  const payLink =
    usePayLinkPath(order.id, order.status === 'pending' && (order.paymentMethod === 'card' || offline)).data ?? null;
  if (!online && !offline) return null;
  const payOnline = payLink ? (
    <Link to={payLink} className="btn btn-outline mt-3 w-full" data-testid="pay-online-link">
      {t('orders.pay.payOnline')}
    </Link>
  ) : null;

  const pay = () => {
    setProblem(null);
    if (order.paymentMethod === 'paypal' && !paypalPage) return setPaypalOpen(true);
    createPayment.mutate(
      { orderId: order.id },
      {
        onSuccess: (started) => {
          const next = nextStepAfterStart(started, order);
          if (next.external) window.location.assign(next.url);
          else setProblem(t('payments.createFailed'));
        },
        onError: (error) => setProblem(errorMessage(error, t('payments.createFailed'))),
      },
    );
  };

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`order-${order.id}-pay`}>
      <h2 id={`order-${order.id}-pay`} className="font-serif text-2xl">
        {t('orders.pay.title')}
      </h2>
      {online ? (
        <>
          <p className="mt-2 text-sm text-ink-soft">
            {paypalPage
              ? t('orders.pay.paypalPageText')
              : order.paymentMethod === 'paypal'
                ? t('orders.pay.paypalText')
                : t('orders.pay.cardText')}
          </p>
          {invoice ? (
            <div className="mt-3 rounded-2xl bg-blush-50 px-4 py-3 text-sm" data-testid="paypal-invoice">
              {invoice.state === 'sent' && invoice.url ? (
                <>
                  <p>{t('orders.pay.invoiceSent')}</p>
                  <a className="link mt-1 inline-block break-all" href={invoice.url} rel="noreferrer noopener">
                    {t('orders.pay.openInvoice')}
                  </a>
                </>
              ) : (
                <p>{t('orders.pay.invoiceRequested')}</p>
              )}
            </div>
          ) : null}
          <button
            type="button"
            className="btn btn-primary mt-4 w-full"
            onClick={pay}
            disabled={createPayment.isPending}
          >
            {createPayment.isPending ? <Spinner className="size-4" /> : null}
            {t('orders.pay.button')}
          </button>
          {payOnline}
          {problem ? (
            <p className="mt-3 text-sm font-semibold text-rose-800" role="alert">
              {problem}
            </p>
          ) : null}
          {canChangeOrder(order) && !invoice ? <ChangeOrderButton orderId={order.id} className="mt-4" /> : null}
          <PaypalModal
            order={paypalOpen ? order : null}
            defaultEmail={order.customer.email}
            onDone={() => {
              setPaypalOpen(false);
              void client.invalidateQueries({ queryKey: orderKeys.all });
              void client.invalidateQueries({ queryKey: paymentKeys.status(order.id) });
            }}
          />
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-soft">{t('orders.pay.offlineText')}</p>
          <Link to={instructionsUrl(order)} className="btn btn-outline mt-4 w-full">
            {t('orders.pay.instructions')}
          </Link>
          {payLink ? <p className="mt-4 text-sm text-ink-soft">{t('orders.pay.payOnlineText')}</p> : null}
          {payOnline}
        </>
      )}
    </section>
  );
}
