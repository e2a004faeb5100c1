import { type Lesson, localize } from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast';
import { usePurchaseLesson } from '../api/purchase-lesson';

/** Lesson purchase with an optional promo code (SPEC §2); a free result unlocks the lesson at once. */
export function PurchaseModal({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const promoId = useId();
  const [promoCode, setPromoCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const purchase = usePurchaseLesson();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!lesson) return;
    setProblem(null);
    purchase.mutate(
      { id: lesson.id, promoCode: promoCode.trim() || undefined },
      {
        onSuccess: ({ result, message }) => {
          if (result.paymentUrl) {
            window.location.assign(result.paymentUrl);
            return;
          }
          toast.success(message ?? t('training.purchaseDone'));
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, t('payments.createFailed'))),
      },
    );
  };

  return (
    <Modal
      open={lesson !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('training.purchaseTitle')}
      size="sm"
    >
      {lesson ? (
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <div className="rounded-2xl bg-blush-50 p-4">
            <p className="font-serif text-2xl">{localize(lesson.title, language)}</p>
            <p className="mt-1 font-semibold text-rose-700">{format(lesson.price)}</p>
          </div>
          <TextField
            id={promoId}
            label={t('training.promoCode')}
            error={problem}
            hint={t('training.promoHint')}
            value={promoCode}
            onChange={(event) => setPromoCode(event.target.value)}
            autoComplete="off"
            inputClassName="uppercase"
          />
          <p className="text-xs text-muted">{t('training.purchaseTerms')}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <SubmitButton pending={purchase.isPending}>{t('training.confirmPurchase')}</SubmitButton>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
