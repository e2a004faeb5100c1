import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Modal } from '../../../shared/ui/modal';
import { PaypalRequestForm } from '../../../shared/ui/paypal-request-form';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { requestPaypal } from '../../payments/api/request-paypal';
import type { Order } from '../api/create-order';

/** PayPal (EUR/USD) sends a payment link to the email the customer gives. */
export function PaypalModal({
  order,
  defaultEmail,
  onDone,
}: {
  order: Order | null;
  defaultEmail: string;
  /** Closed: `sent` tells whether the payment link went out (else the order still waits for it). */
  onDone: (sent: boolean) => void;
}) {
  const { t } = useTranslation();
  const paypalMode = usePaymentMethods().data?.paypal;
  const sent = useRef(false);
  useEffect(() => {
    if (order) sent.current = false;
  }, [order]);

  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onDone(sent.current)}
      title={t('payments.paypalTitle')}
      size="sm"
    >
      {order ? (
        <PaypalRequestForm
          key={order.id}
          orderId={order.id}
          orderNumber={order.number}
          defaultEmail={defaultEmail}
          request={requestPaypal}
          paypalMode={paypalMode}
          onSent={() => {
            sent.current = true;
          }}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}
