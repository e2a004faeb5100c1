import { formatMoney, type Order, type ReceiptView } from '@atelier/shared';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ConfirmRequest } from '../../../shared/ui/confirm-dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { useOrderReceipts, useRetryReceipt } from '../../receipts/api/admin-receipts';
import { formatDateTime } from '../components/order-detail';
import { useRefundDialog } from './use-refund-dialog';

const SUBJECTS = ['commodity', 'job', 'service', 'intellectual_activity', 'another'] as const;
const MODES = ['full_prepayment', 'full_payment'] as const;
const PROVIDER_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
/** YooKassa's codes of tax systems and VAT rates, read out in words (another code shows as a number). */
const TAX_SYSTEMS = [1, 2, 3, 4, 5, 6];
const VAT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const known = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

const STATE_TONE: Record<ReceiptView['state'], string> = {
  queued: 'text-ink-soft',
  sending: 'text-ink-soft',
  sent: 'text-sage-700',
  failed: 'text-red-800',
  awaiting_payment: 'text-ink-soft',
  not_paid: 'text-muted',
};

/**
 * Admin order page: the order's fiscal receipts (RECEIPTS=yookassa) — the payment's, the
 * completion receipt sent when prepaid goods ship, the refund's — each with its state, lines and
 * YooKassa's error; a failed completion receipt is sent again from here, a failed refund tried
 * again. The list refreshes itself while a receipt waits for the background sender.
 */
export function OrderReceiptsPanel({ order, ask }: { order: Order; ask: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const receipts = useOrderReceipts(order.id);
  const retry = useRetryReceipt();
  const refund = useRefundDialog(order, ask);
  const money = (amount: number) => formatMoney(amount, 'RUB', language);

  // Receipts off and none made before: nothing to show.
  if (receipts.data && !receipts.data.enabled && receipts.data.receipts.length === 0) return null;

  const sendAgain = async (receipt: ReceiptView) => {
    try {
      const { data, message } = await retry.mutateAsync({ orderId: order.id, receiptId: receipt.id });
      if (data.state === 'sent') toast.success(message ?? t('receipts.retried'));
      else toast.error(message ?? t('receipts.retryFailed'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('receipts.retryFailed')));
    }
  };

  return (
    <section className="card p-5 text-sm sm:p-6" aria-labelledby="admin-order-receipts">
      <h2 id="admin-order-receipts" className="font-serif text-2xl">
        {t('receipts.title')}
      </h2>
      {receipts.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : receipts.isError ? (
        <p className="mt-3" role="alert">
          {t('receipts.failedToLoad')}{' '}
          <button type="button" className="link" onClick={() => void receipts.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : (
        <>
          {!receipts.data.enabled ? <p className="mt-2 text-ink-soft">{t('receipts.off')}</p> : null}
          {receipts.data.selfEmployed ? <p className="mt-2 text-ink-soft">{t('receipts.selfEmployed')}</p> : null}
          {receipts.data.receipts.length === 0 ? (
            <p className="mt-3 text-muted">{t('receipts.empty')}</p>
          ) : (
            <ol className="mt-4 flex flex-col divide-y divide-line">
              {receipts.data.receipts.map((receipt) => (
                <li
                  key={receipt.id}
                  className="flex flex-col gap-1 py-3"
                  aria-label={t(`receipts.kind.${receipt.kind}`)}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{t(`receipts.kind.${receipt.kind}`)}</span>
                    <span className="whitespace-nowrap font-semibold">{money(receipt.amount)}</span>
                  </div>
                  <span>
                    <span className={`font-semibold ${STATE_TONE[receipt.state]}`}>
                      {t(`receipts.state.${receipt.state}`)}
                    </span>
                    {known(PROVIDER_STATUSES, receipt.providerStatus) ? (
                      <span className="text-ink-soft"> · {t(`receipts.providerStatus.${receipt.providerStatus}`)}</span>
                    ) : null}
                    {' · '}
                    <time dateTime={receipt.updatedAt} className="text-ink-soft">
                      {formatDateTime(receipt.updatedAt, language)}
                    </time>
                  </span>
                  {receipt.email ? (
                    <span className="break-words text-ink-soft">{t('receipts.email', { email: receipt.email })}</span>
                  ) : null}
                  {receipt.taxSystemCode !== null ? (
                    <span className="text-ink-soft">
                      {t('receipts.taxSystem', {
                        code: TAX_SYSTEMS.includes(receipt.taxSystemCode)
                          ? t(`receipts.taxSystemName.${receipt.taxSystemCode}`)
                          : receipt.taxSystemCode,
                      })}
                    </span>
                  ) : null}
                  {receipt.lines.length > 0 ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-ink-soft">
                        {t('receipts.lines', { count: receipt.lines.length })}
                      </summary>
                      <ul className="mt-2 flex flex-col gap-1.5">
                        {receipt.lines.map((line) => (
                          <li
                            key={`${line.description}|${line.quantity}|${line.amount}|${line.paymentMode}`}
                            className="flex flex-col"
                          >
                            <span className="break-words">{line.description}</span>
                            <span className="text-xs text-muted">
                              {t('receipts.line', { quantity: line.quantity, price: money(line.amount) })}
                              {' · '}
                              {VAT_CODES.includes(line.vatCode)
                                ? t(`receipts.vatName.${line.vatCode}`)
                                : t('receipts.vat', { code: line.vatCode })}
                              {known(SUBJECTS, line.paymentSubject)
                                ? ` · ${t(`receipts.subject.${line.paymentSubject}`)}`
                                : null}
                              {known(MODES, line.paymentMode) ? ` · ${t(`receipts.mode.${line.paymentMode}`)}` : null}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : receipt.kind === 'refund' ? (
                    <span className="text-ink-soft">{t('receipts.annulled')}</span>
                  ) : null}
                  {receipt.error && receipt.state !== 'sent' ? (
                    <div className="text-red-800">
                      <p>{t('receipts.error')}</p>
                      <details className="mt-1 text-xs text-ink-soft">
                        <summary className="cursor-pointer">{t('receipts.errorDetails')}</summary>
                        <p className="mt-1 break-words font-mono">{receipt.error}</p>
                      </details>
                    </div>
                  ) : null}
                  {receipt.attempts > 1 ? (
                    <span className="text-xs text-muted">{t('receipts.attempts', { count: receipt.attempts })}</span>
                  ) : null}
                  {receipt.retryable ? (
                    <div className="mt-2">
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={retry.isPending || refund.pending}
                        onClick={() =>
                          receipt.kind === 'refund' ? refund.askRefund(receipt.amount) : void sendAgain(receipt)
                        }
                      >
                        {receipt.kind === 'refund' ? t('receipts.retryRefund') : t('receipts.retry')}
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
