import { formatMoney, type Order } from '@atelier/shared';
import { errorMessage } from '../../../shared/api/api-error';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ConfirmRequest } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useRefundOrder } from '../../payments/api/admin-payments';

/**
 * "Refund N ₽?" in the page's confirm dialog, then the refund through YooKassa with a toast either
 * way (a refusal keeps the dialog's error and may be tried again). Used by the payments panel and
 * by a failed refund receipt's "Try the refund again".
 */
export function useRefundDialog(order: Order, ask: (request: ConfirmRequest) => void) {
  const { t } = useTranslation();
  const language = useLanguage();
  const refund = useRefundOrder();
  const askRefund = (amount: number) =>
    ask({
      title: t('receipts.refund.confirmTitle', { number: order.number }),
      description: t('receipts.refund.confirmText', { amount: formatMoney(amount, 'RUB', language) }),
      confirmLabel: t('receipts.refund.confirm'),
      action: async () => {
        try {
          const { message } = await refund.mutateAsync({ orderId: order.id });
          toast.success(message ?? t('receipts.refund.done'));
        } catch (failure) {
          toast.error(errorMessage(failure, t('receipts.refund.failed')));
          throw failure;
        }
      },
    });
  return { askRefund, pending: refund.isPending };
}
