import {
  formatMoney,
  localize,
  type Order,
  type OrderItem,
  orderAllowsLineRefund,
  refundableUnits,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Modal } from '../../../shared/ui/modal';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import {
  type AdminPayment,
  useOrderPayments,
  useRefundLines,
  useRefundLinesPreview,
} from '../../payments/api/admin-payments';

/** A paid card order, not cancelled, with units left to give back: the owner may refund lines. */
export function canRefundLines(order: Order): boolean {
  return (
    order.paymentMethod === 'card' &&
    orderAllowsLineRefund(order) &&
    order.items.some((item) => refundableUnits(item) > 0)
  );
}

/** Providers that give money back (YooKassa, and the demo's sandbox): a payment by hand does not. */
const REFUNDING_PROVIDERS = ['yookassa', 'test'];

/** The order was paid online through a provider that refunds (the payments panel's list). */
export function paidOnline(payments: AdminPayment[] | undefined): boolean {
  return Boolean(payments?.some((p) => p.status === 'succeeded' && REFUNDING_PROVIDERS.includes(p.provider)));
}

/** The request's lines: the chosen units of each line, lines at zero left out, in the order's order. */
export function chosenLines(order: Order, chosen: Record<string, number>): { lineId: string; quantity: number }[] {
  return order.items
    .map((item) => ({ lineId: item.id, quantity: Math.min(chosen[item.id] ?? 0, refundableUnits(item)) }))
    .filter((line) => line.quantity > 0);
}

/**
 * The admin order page's "Refund items…": a dialog with each line's units (0 up to what is left),
 * the amount worked out by the server as she chooses (what the customer paid for those units,
 * delivery aside), and a button naming it. The order stays as it is.
 */
export function OrderRefundLinesPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const payments = useOrderPayments(order.id);
  if (!canRefundLines(order) || !paidOnline(payments.data)) return null;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="admin-order-refund-lines">
      <h2 id="admin-order-refund-lines" className="font-serif text-2xl">
        {t('orders.admin.refundLines.title')}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t('orders.admin.refundLines.hint')}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={() => setOpen(true)}>
        {t('orders.admin.refundLines.open')}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('orders.admin.refundLines.dialogTitle', { number: order.number })}
        description={t('orders.admin.refundLines.dialogText')}
        showDescription
      >
        {/* Mounted while open only: each opening starts from zero units. */}
        {open ? <RefundLinesForm order={order} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </section>
  );
}

function RefundLinesForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const lines = chosenLines(order, chosen);
  const preview = useRefundLinesPreview(order.id, lines);
  const refund = useRefundLines();
  const money = (amount: number) => formatMoney(amount, 'RUB', language);
  // The amount shown is the one for the units chosen now (not the previous choice's, kept while the new one loads).
  const ready = lines.length > 0 && preview.isSuccess && !preview.isPlaceholderData && !preview.isFetching;
  const set = (item: OrderItem, value: number) =>
    setChosen((current) => ({ ...current, [item.id]: Math.max(0, Math.min(refundableUnits(item), value)) }));

  const confirm = async () => {
    if (!ready) return;
    try {
      const { message } = await refund.mutateAsync({ orderId: order.id, lines });
      toast.success(message ?? t('orders.admin.refundLines.done'));
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure, t('orders.admin.refundLines.failed')));
      void preview.refetch();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <ul className="flex flex-col divide-y divide-line">
        {order.items.map((item) => {
          const name = localize(item.name, language);
          const left = refundableUnits(item);
          const value = Math.min(chosen[item.id] ?? 0, left);
          const inputId = `${base}-${item.id}`;
          return (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <span className="min-w-0 flex-1 basis-40">
                <label htmlFor={inputId} className="block font-semibold wrap-anywhere">
                  {name}
                </label>
                <span className="block text-muted">
                  {left === 0
                    ? item.refundedQuantity > 0
                      ? t('orders.admin.refundLines.allBack')
                      : t('orders.admin.refundLines.notByLine')
                    : t('orders.admin.refundLines.left', { units: left, quantity: item.quantity })}
                </span>
              </span>
              {left > 0 ? (
                <span className="inline-flex items-center rounded-full border border-line bg-white">
                  <button
                    type="button"
                    className="inline-flex size-11 items-center justify-center rounded-full text-lg hover:bg-blush-100 disabled:opacity-40"
                    aria-label={t('orders.admin.refundLines.less', { name })}
                    disabled={value === 0 || refund.isPending}
                    onClick={() => set(item, value - 1)}
                  >
                    −
                  </button>
                  <input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    value={value}
                    disabled={refund.isPending}
                    onChange={(event) => {
                      const next = Number.parseInt(event.target.value, 10);
                      set(item, Number.isNaN(next) ? 0 : next);
                    }}
                    className="figures w-12 border-0 bg-transparent text-center font-semibold [appearance:textfield] focus-visible:outline-2 focus-visible:outline-rose-600 [&::-webkit-inner-spin-button]:appearance-none"
                  />
                  <button
                    type="button"
                    className="inline-flex size-11 items-center justify-center rounded-full text-lg hover:bg-blush-100 disabled:opacity-40"
                    aria-label={t('orders.admin.refundLines.more', { name })}
                    disabled={value >= left || refund.isPending}
                    onClick={() => set(item, value + 1)}
                  >
                    +
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 rounded-2xl bg-blush-50 p-4 text-sm" role="status" aria-live="polite">
        {lines.length === 0 ? (
          <p className="text-ink-soft">{t('orders.admin.refundLines.chooseUnits')}</p>
        ) : preview.isError ? (
          <p className="text-red-800">{errorMessage(preview.error, t('orders.admin.refundLines.previewFailed'))}</p>
        ) : !ready ? (
          <p className="flex items-center gap-2 text-ink-soft">
            <Spinner className="size-4" /> {t('orders.admin.refundLines.working')}
          </p>
        ) : (
          <>
            <p className="font-semibold text-ink">
              {t('orders.admin.refundLines.amount', { amount: money(preview.data.amount) })}
            </p>
            <p className="mt-1 text-ink-soft">{t('orders.admin.refundLines.howBack')}</p>
          </>
        )}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline min-h-11" disabled={refund.isPending} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary min-h-11" disabled={!ready || refund.isPending}>
          {refund.isPending ? <Spinner className="size-4" /> : null}
          {ready
            ? t('orders.admin.refundLines.confirm', { amount: money(preview.data.amount) })
            : t('orders.admin.refundLines.confirmNone')}
        </button>
      </div>
    </form>
  );
}
