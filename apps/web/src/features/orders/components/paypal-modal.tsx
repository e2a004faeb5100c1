import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../../../shared/hooks/use-countdown';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import { CheckIcon } from '../../../shared/ui/icons';
import { Modal } from '../../../shared/ui/modal';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { useRequestPaypal } from '../../payments/api/request-paypal';
import type { Order } from '../api/create-order';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const emailId = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentText, setSentText] = useState<string | null>(null);
  const sent = sentText !== null;
  const request = useRequestPaypal();
  const paypalMode = usePaymentMethods().data?.paypal;
  const seconds = useCountdown(sent ? AUTO_CLOSE_SECONDS : 0, () => onDone(true));

  // Each opening starts over (the account may open it again for the same order).
  useEffect(() => {
    if (!order) return;
    setEmail(defaultEmail);
    setSentText(null);
    setProblem(null);
  }, [order, defaultEmail]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    if (!email.trim()) return setProblem(t('payments.emailRequired'));
    if (!EMAIL_PATTERN.test(email.trim())) return setProblem(t('payments.emailInvalid'));
    setProblem(null);
    request.mutate(
      { orderId: order.id, email: email.trim() },
      {
        // Real PayPal mails the given address; the demo sandbox and the shop's own invoice go to the account's.
        onSuccess: ({ data }) =>
          setSentText(
            data.kind === 'invoice_requested'
              ? t('payments.paypalRequested')
              : paypalMode === 'api'
                ? t('payments.paypalSent', { email: email.trim() })
                : t('payments.paypalSentAccount'),
          ),
        onError: (error) => setProblem(errorMessage(error, t('payments.paypalFailed'))),
      },
    );
  };

  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onDone(sent)}
      title={t('payments.paypalTitle')}
      size="sm"
    >
      {sent ? (
        <div className="flex flex-col items-center gap-4 text-center" role="status">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-sage-100 text-sage-700">
            <CheckIcon width={28} height={28} />
          </span>
          <p className="text-ink-soft">{sentText}</p>
          <p className="text-sm text-muted">{t('common.autoClose', { count: seconds })}</p>
          <button type="button" className="btn btn-primary" onClick={() => onDone(true)}>
            {t('common.close')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <p className="text-sm text-ink-soft">{t('payments.paypalText', { number: order?.number ?? '' })}</p>
          <TextField
            id={emailId}
            label={t('payments.paypalEmail')}
            error={problem}
            type="email"
            value={email}
            autoComplete="email"
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton pending={request.isPending}>{t('payments.paypalSend')}</SubmitButton>
        </form>
      )}
    </Modal>
  );
}
