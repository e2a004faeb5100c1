import type { CourseQuote, Currency, LegalDocumentRef, PromoQuote } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingScope } from '../../../shared/api/query-keys';
import { checkoutApi } from '../../../shared/api/routes/checkout';
import { coursesApi } from '../../../shared/api/routes/courses';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { reloadCartFromServer } from '../../cart/api/use-cart';
import { checkGiftBalance } from '../../gift-certificates/api/gift-certificates';
import { createPayment } from '../../payments/api/create-payment';
import { useCardPayments, usePaymentMethods } from '../../payments/api/get-payment-methods';
import { requestPaypal } from '../../payments/api/request-paypal';
import type { PurchaseFlow } from '../components/purchase-modal';

/** What is bought: a lesson or a course (master classes are courses). Both go through one flow. */
export interface PurchaseTarget {
  type: 'lesson' | 'course';
  id: string;
}

/**
 * Live promo check: the price before and after the code (for a course also after the viewer's
 * credit, `toPay`). A code that cannot be used on this target answers 400 with the reason.
 */
export async function quotePromo(
  target: PurchaseTarget,
  promoCode: string,
  signal?: AbortSignal,
): Promise<PromoQuote | CourseQuote> {
  const input = { params: { id: target.id }, body: { promoCode } };
  const options = { signal, silent: true };
  if (target.type === 'course') return (await coursesApi.trainingCoursesPromoCheck(input, options)).data;
  return (await lessonsApi.trainingLessonsPromoCheck(input, options)).data;
}

/**
 * POST /training/{lessons|courses}/{id}/purchase: the target's order in `currency` (roubles by
 * card, euros and dollars through PayPal). `purchased` = unlocked already (zero total: a free item
 * or a 100 % code); otherwise the order goes on to payment.
 */
export async function purchase({
  target,
  promoCode,
  currency,
  giftCertificateCode,
  consents,
}: {
  target: PurchaseTarget;
  promoCode?: string | undefined;
  currency: Currency;
  /** A gift certificate in `currency` pays what it can; the rest goes to payment. */
  giftCertificateCode?: string | undefined;
  /** The consent versions the dialog showed: the cross-border one when paying through PayPal. */
  consents: LegalDocumentRef[];
}) {
  const input = {
    params: { id: target.id },
    body: {
      currency,
      consents,
      ...(promoCode ? { promoCode } : {}),
      ...(giftCertificateCode ? { giftCertificateCode } : {}),
    },
  };
  const purchaseOf =
    target.type === 'course' ? checkoutApi.trainingCoursesPurchase : checkoutApi.trainingLessonsPurchase;
  const { data, message } = await purchaseOf(input, { silent: true });
  return { result: data, message };
}

export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingScope.all }),
  });
}

/**
 * Everything the purchase dialog needs to buy `target`: quote, order, card payment or PayPal
 * request, whether cards are on and how PayPal invoices are made.
 */
export function usePurchaseFlow(target: PurchaseTarget): PurchaseFlow {
  const mutation = usePurchase();
  const cardPayments = useCardPayments();
  const paymentMethods = usePaymentMethods().data;
  return {
    quote: (promoCode, signal) => quotePromo(target, promoCode, signal),
    purchase: async (promoCode, currency, giftCertificateCode, consents) => {
      const placed = await mutation.mutateAsync({ target, promoCode, currency, giftCertificateCode, consents });
      // The order took the item off the server cart, if it was there: the badge follows.
      await reloadCartFromServer();
      return placed;
    },
    checkGiftCode: checkGiftBalance,
    startPayment: (orderId, choice) => createPayment({ orderId, ...choice }),
    requestPaypal,
    pending: mutation.isPending,
    cardPayments,
    paypalMode: paymentMethods?.paypal,
    paymentMethods,
  };
}
