import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { type ReturnedNotice, useReturnToCart } from '../api/return-to-cart';

/**
 * "Change the order": the unpaid order is cancelled and its lines go back to the cart, which opens
 * with them (docs/decisions/0104). Said before it is pressed, since the order itself goes.
 */
export function ChangeOrderButton({ orderId, className = '' }: { orderId: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnToCart = useReturnToCart();
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = `change-order-${orderId}-hint`;

  const change = () => {
    setProblem(null);
    returnToCart.mutate(orderId, {
      onSuccess: (result) => {
        const returned: ReturnedNotice = { orderNumber: result.orderNumber, notReturned: result.notReturned };
        void navigate('/cart', { state: { returned } });
      },
      onError: (error) => setProblem(errorMessage(error, t('cart.change.failed'))),
    });
  };

  return (
    <div className={`flex w-full flex-col items-center gap-2 ${className}`}>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={change}
        disabled={returnToCart.isPending}
        aria-describedby={hintId}
      >
        {returnToCart.isPending ? <Spinner className="size-4" /> : null}
        {t('cart.change.button')}
      </button>
      <p id={hintId} className="text-center text-sm text-ink-soft">
        {t('cart.change.hint')}
      </p>
      {problem ? (
        <p className="text-center text-sm font-semibold text-rose-800" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
