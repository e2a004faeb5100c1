import type { PaymentStart } from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { AUTO_CLOSE_SECONDS, useCountdown } from '../hooks/use-countdown';
import { useTranslation } from '../i18n/use-translation';
import { SubmitButton, TextField } from './form-field';
import { CheckIcon } from './icons';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * PayPal without its API (EUR/USD): the email the owner's invoice goes to, then what happened to
 * the request (it closes by itself after 10 seconds). The inside of a dialog: the checkout's and
 * the account's PayPal modal, the lesson purchase dialog and the gift certificate page each wrap
 * it and hand in `request`; mounted afresh for each request (keyed by the order), so every
 * opening starts from `defaultEmail`. Should the shop take PayPal on its page after all (the mode
 * was not known yet), the server answers that page, and the buyer goes there.
 */
export function PaypalRequestForm({
  orderId,
  orderNumber,
  defaultEmail,
  request,
  onSent,
  onDone,
}: {
  orderId: string;
  orderNumber: number;
  defaultEmail: string;
  /** `POST /payments/paypal-request` for this order and email. */
  request: (body: { orderId: string; email: string }) => Promise<{ data: PaymentStart }>;
  /** The request went through (the dialog around may still be closed before `onDone`). */
  onSent?: () => void;
  /** `sent`: the payment link went out (else the order still waits for it). */
  onDone: (sent: boolean) => void;
}) {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentText, setSentText] = useState<string | null>(null);
  const seconds = useCountdown(sentText !== null ? AUTO_CLOSE_SECONDS : 0, () => onDone(true));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const typed = email.trim();
    if (!typed) return setProblem(t('payments.emailRequired'));
    if (!EMAIL_PATTERN.test(typed)) return setProblem(t('payments.emailInvalid'));
    setProblem(null);
    setPending(true);
    try {
      const { data } = await request({ orderId, email: typed });
      if (data.kind === 'redirect' && data.redirectUrl) {
        window.location.assign(data.redirectUrl);
        return;
      }
      onSent?.();
      setSentText(t('payments.paypalRequested'));
    } catch (error) {
      setProblem(errorMessage(error, t('payments.paypalFailed')));
    } finally {
      setPending(false);
    }
  };

  if (sentText !== null) {
    return (
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
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-ink-soft">{t('payments.paypalText', { number: orderNumber })}</p>
      <TextField
        id={emailId}
        label={t('payments.paypalEmail')}
        error={problem}
        type="email"
        value={email}
        autoComplete="email"
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton pending={pending}>{t('payments.paypalSend')}</SubmitButton>
    </form>
  );
}
