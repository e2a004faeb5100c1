import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState, PageTitle } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useOrder } from '../api/get-order';
import { OrderDetail } from '../components/order-detail';
import { PayOrderCard } from '../components/pay-order-card';

/** `/account/orders/{id}`: one of the customer's orders with its status history. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  // Checkout sends the buyer here when starting the payment failed, with the reason.
  const state: unknown = useLocation().state;
  const paymentProblem =
    state && typeof state === 'object' && 'paymentProblem' in state && typeof state.paymentProblem === 'string'
      ? state.paymentProblem
      : null;
  const { data: order, isPending, isError, error, refetch } = useOrder(id);
  const title = order ? t('checkout.orderNumber', { number: order.number }) : t('account.orders');
  usePageTitle(title);

  return (
    <>
      <PageTitle title={title} eyebrow={t('account.title')} />
      <div className="container-page pb-10">
        <Link to="/account/orders" className="link mb-6 inline-block">
          ← {t('orders.detail.back')}
        </Link>
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : isError ? (
          isApiError(error) && (error.status === 404 || error.status === 400) ? (
            <EmptyState title={t('orders.detail.notFound')} />
          ) : (
            <ErrorState onRetry={() => void refetch()} />
          )
        ) : (
          <OrderDetail order={order} actions={<PayOrderCard order={order} initialProblem={paymentProblem} />} />
        )}
      </div>
    </>
  );
}
