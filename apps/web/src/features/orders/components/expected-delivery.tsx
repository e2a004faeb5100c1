import type { Order } from '@atelier/shared';
import { useTranslation } from '../../../shared/i18n/use-translation';

/**
 * How long the order's delivery takes once sent (pickup: until it is ready), as the server keeps it
 * for the order (`expectedDelivery`: the method's days to the order's country, or the carrier's own):
 * the same sentence on the thank-you page and the order's page. Nothing when nothing travels.
 */
export function ExpectedDelivery({ order, className }: { order: Order; className?: string }) {
  const { t } = useTranslation();
  const days = order.expectedDelivery;
  if (!days) return null;
  return (
    <span className={className} data-testid="expected-delivery">
      {t(order.delivery.method === 'pickup' ? 'orders.thanks.readyIn' : 'orders.thanks.deliveryTime', {
        range: days.minDays === days.maxDays ? String(days.minDays) : `${days.minDays}–${days.maxDays}`,
        count: days.maxDays,
      })}
    </span>
  );
}
