import { type Course, type Lesson, localize, type Price, type PromoQuote } from '@atelier/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast';
import { createPayment } from '../../payments/api/create-payment';
import { useCardPayments } from '../../payments/api/get-payment-methods';
import { checkPromo } from '../api/check-promo';
import { checkCoursePromo, usePurchaseCourse } from '../api/courses';
import { usePurchaseLesson } from '../api/purchase-lesson';

/** Wait this long after the last keystroke before asking the server about a code. */
const CHECK_DELAY_MS = 400;

type PromoState =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; quote: PromoQuote & { toPay?: Price; credit?: number } }
  | { status: 'invalid'; message: string };

/** Checks the typed code against the server as the buyer types (debounced, stale answers dropped). */
function usePromoCheck(kind: 'lesson' | 'course', lessonId: string | null, code: string): PromoState {
  const { t } = useTranslation();
  const [state, setState] = useState<PromoState>({ status: 'empty' });
  useEffect(() => {
    const trimmed = code.trim();
    if (!lessonId || trimmed === '') {
      setState({ status: 'empty' });
      return;
    }
    setState({ status: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      (kind === 'course' ? checkCoursePromo : checkPromo)(lessonId, trimmed, controller.signal).then(
        (quote) => setState({ status: 'valid', quote }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setState({ status: 'invalid', message: errorMessage(error, t('training.promoInvalid')) });
          }
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, lessonId, code, t]);
  return state;
}

/**
 * Lesson purchase with an optional promo code (SPEC §2). The code is validated live and the new
 * price shown; a result of zero unlocks the lesson at once, otherwise the order goes to payment.
 */
export function PurchaseModal({
  lesson: lessonProp,
  course,
  onClose,
}: {
  lesson?: Lesson | null;
  /** A course or master class instead of a lesson: its price after the viewer's credit, its own endpoints. */
  course?: Course | null;
  onClose: () => void;
}) {
  const kind = course ? 'course' : 'lesson';
  const lesson = lessonProp ?? course ?? null;
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const navigate = useNavigate();
  const promoId = useId();
  const statusId = useId();
  const [promoCode, setPromoCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const lessonPurchase = usePurchaseLesson();
  const coursePurchase = usePurchaseCourse();
  const purchase = kind === 'course' ? coursePurchase : lessonPurchase;
  const promo = usePromoCheck(kind, lesson?.id ?? null, promoCode);
  const cardPayments = useCardPayments();

  useEffect(() => {
    if (lesson === null) {
      setPromoCode('');
      setProblem(null);
    }
  }, [lesson]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!lesson || promo.status === 'checking' || promo.status === 'invalid' || cardClosed) return;
    setProblem(null);
    purchase.mutate(
      { id: lesson.id, promoCode: promo.status === 'valid' ? promo.quote.code : undefined },
      {
        onSuccess: async ({ result, message }) => {
          if (result.purchased) {
            toast.success(message ?? t('training.purchaseDone'));
            onClose();
            return;
          }
          // A price to pay: start the payment of the order (the provider's page).
          setPaying(true);
          try {
            const payment = await createPayment({ orderId: result.order.id });
            if (payment.redirectUrl) {
              window.location.assign(payment.redirectUrl);
              return;
            }
            onClose();
            void navigate(`/account/orders/${result.order.id}`);
          } catch (error) {
            setPaying(false);
            setProblem(errorMessage(error, t('training.paymentFailed')));
          }
        },
        onError: (error) => setProblem(errorMessage(error, t('training.purchaseFailed'))),
      },
    );
  };

  const price = lesson ? format(lesson.price) : '';
  const credited = course && course.credit > 0 ? format(course.priceForYou) : null;
  const newPrice = promo.status === 'valid' ? format(promo.quote.toPay ?? promo.quote.discountedPrice) : credited;
  const promoError = promo.status === 'invalid' ? promo.message : null;
  const free =
    promo.status === 'valid' ? promo.quote.free : (course ? course.priceForYou.rub : lesson?.price.rub) === 0;
  // Lessons and courses are paid by card; a shop without a card provider can only give free ones.
  const cardClosed = !free && !cardPayments;

  return (
    <Modal
      open={lesson !== null}
      onOpenChange={(open) => !open && onClose()}
      title={kind === 'course' ? t('training.courses.purchaseTitle') : t('training.purchaseTitle')}
      size="sm"
    >
      {lesson ? (
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <div className="rounded-2xl bg-blush-50 p-4">
            <p className="font-serif text-2xl wrap-anywhere">{localize(lesson.title, language)}</p>
            <p className="mt-1 font-semibold text-rose-700">
              {newPrice !== null ? (
                <>
                  <s className="mr-2 font-normal text-muted">
                    <span className="sr-only">{t('training.oldPrice')} </span>
                    {price}
                  </s>
                  <span data-testid="promo-price">{newPrice}</span>
                </>
              ) : (
                price
              )}
            </p>
            {course && course.credit > 0 ? (
              <p className="mt-1 text-sm text-sage-700">
                {t('training.courses.creditNote', { amount: format({ rub: course.credit, eur: null, usd: null }) })}
              </p>
            ) : null}
          </div>
          <TextField
            id={promoId}
            label={t('training.promoCode')}
            error={promoError ?? undefined}
            hint={t('training.promoHint')}
            value={promoCode}
            onChange={(event) => setPromoCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            inputClassName="uppercase"
          />
          <p id={statusId} role="status" className="-mt-3 min-h-5 text-sm text-sage-700">
            {promo.status === 'checking'
              ? t('training.promoChecking')
              : promo.status === 'valid'
                ? t('training.promoApplied', { percent: promo.quote.percentOff })
                : ''}
          </p>
          {cardClosed ? (
            <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm text-ink-soft">{t('training.cardUnavailable')}</p>
          ) : null}
          {problem ? (
            <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <p className="text-xs text-muted">{t('training.purchaseTerms')}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <SubmitButton
              pending={purchase.isPending || paying}
              disabled={promo.status === 'checking' || promo.status === 'invalid' || cardClosed}
            >
              {free ? t('training.getFree') : t('training.confirmPurchase')}
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
