import type { OrderStatus } from '@atelier/shared';
import { useTranslation } from '../../../shared/i18n/use-translation';

const TONES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blush-100 text-rose-800',
  processing: 'bg-sky-100 text-sky-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

/** The order status as a coloured chip (text carries the meaning; colour only helps). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${TONES[status]}`}>
      {t(`labels.orderStatus.${status}`)}
    </span>
  );
}
