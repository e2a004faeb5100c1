import type { PaymentQr } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import qrcode from 'qrcode-generator';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { useCreatePayment } from '../api/create-payment';
import { paymentKeys } from '../api/keys';

/** The QR code of `text` as one SVG path (drawn in the browser: no image from anywhere). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const count = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { size: count + 8, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-56 rounded-2xl bg-white sm:size-64"
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}

/** Whether `iso` has passed, checked every few seconds. */
function usePassed(iso: string): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  return now >= Date.parse(iso);
}

/**
 * SBP on a computer: the payment's QR code for the phone's camera, until when it can be paid, and
 * a link for a buyer already on the phone. The page around it polls the order and moves on when
 * the bank confirms; once the time is over, a new code is one press away.
 */
export function PaymentQrPanel({ qr, orderId }: { qr: PaymentQr; orderId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const expired = usePassed(qr.expiresAt);
  const createPayment = useCreatePayment();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const until = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(qr.expiresAt),
  );

  const renew = () => {
    setProblem(null);
    createPayment.mutate(
      { orderId, method: qr.method, device: 'desktop' },
      {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.status(orderId) }),
        onError: (error) => setProblem(errorMessage(error, t('payments.createFailed'))),
      },
    );
  };

  if (expired) {
    return (
      <div className="mt-6 flex flex-col items-center gap-4">
        <p className="text-ink-soft" role="status">
          {t('paymentChoice.qr.expired')}
        </p>
        <button type="button" className="btn btn-primary" onClick={renew} disabled={createPayment.isPending}>
          {createPayment.isPending ? <Spinner className="size-4" /> : null}
          {t('paymentChoice.qr.newCode')}
        </button>
        {problem ? (
          <p className="text-sm font-semibold text-rose-800" role="alert">
            {problem}
          </p>
        ) : null}
        <Link to={`/account/orders/${encodeURIComponent(orderId)}`} className="link text-sm">
          {t('paymentChoice.qr.otherWay')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mt-6 flex flex-col items-center gap-4">
      <p className="max-w-sm text-ink-soft">{t('paymentChoice.qr.scan')}</p>
      <QrCode text={qr.url} label={t('paymentChoice.qr.image')} />
      <p className="text-sm text-muted">{t('paymentChoice.qr.until', { time: until })}</p>
      <p className="flex items-center gap-2 text-sm text-ink-soft" role="status">
        <Spinner className="size-4" />
        {t('paymentChoice.qr.waiting')}
      </p>
      <a href={qr.url} className="link text-sm" rel="noopener noreferrer">
        {t('paymentChoice.qr.openOnPhone')}
      </a>
      <Link to={`/account/orders/${encodeURIComponent(orderId)}`} className="link text-sm">
        {t('paymentChoice.qr.otherWay')}
      </Link>
    </div>
  );
}
