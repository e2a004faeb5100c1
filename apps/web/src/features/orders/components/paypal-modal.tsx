import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Modal } from '../../../shared/ui/modal';
import { PaypalRequestForm } from '../../../shared/ui/paypal-request-form';
import { requestPaypal } from '../../payments/api/request-paypal';
import type { Order } from '../api/create-order';

/** PayPal without its API (EUR/USD): the address the shop's invoice goes to (PAYPAL_MODE=manual). */
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
          onSent={() => {
            sent.current = true;
          }}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}
