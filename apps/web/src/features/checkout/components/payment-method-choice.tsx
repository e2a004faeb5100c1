import {
  ONLINE_METHODS,
  type OnlineMethod,
  onlineMethodFits,
  type PaymentDevice,
  type PaymentMethods,
} from '@atelier/shared';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { paypalRedirects } from '../../../shared/ui/paypal-mode';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';

/** What the buyer picks: an online way to pay through YooKassa, or an order paid otherwise. */
export type PaymentChoice = OnlineMethod | 'paypal' | 'cash' | 'bank_transfer';

export const isOnlineChoice = (choice: PaymentChoice | null | undefined): choice is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(choice ?? '');

/**
 * The online ways to pay the shop's contract allows that can take `amountMinor` in `currency`
 * (YooKassa's limits; every online way is roubles only), in the shop's order.
 */
export function onlineMethodsFor(
  methods: PaymentMethods | undefined,
  amountMinor: number,
  currency: string,
): OnlineMethod[] {
  if (!methods?.card) return [];
  return methods.online.map((m) => m.method).filter((m) => onlineMethodFits(m, amountMinor, currency));
}

/**
 * A phone (touch screen or a narrow window) pays in the bank's app; a computer gets SBP's QR code
 * on our page, for the phone's camera.
 */
export function paymentDevice(): PaymentDevice {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return coarse || window.innerWidth < 768 ? 'mobile' : 'desktop';
}

/**
 * The ways to pay, each its own choice with a short hint in plain words: the online ones first
 * (card, SBP, SberPay, T-Pay, installments), then PayPal, cash and bank transfer where offered.
 */
export function PaymentMethodChoice({
  online,
  others,
  value,
  onChange,
  name,
  hints = 'all',
}: {
  online: OnlineMethod[];
  others: ('paypal' | 'cash' | 'bank_transfer')[];
  value: PaymentChoice | null;
  onChange: (choice: PaymentChoice) => void;
  /** The radio group's name (unique on the page). */
  name?: string;
  /** `chosen`: only the picked way shows its hint (a dialog with little room). */
  hints?: 'all' | 'chosen';
}) {
  const { t } = useTranslation();
  const fallback = useId();
  const group = name ?? fallback;
  // PayPal's own page (api, or the demo's sandbox), or an invoice the shop mails (manual).
  const paypalHint = paypalRedirects(usePaymentMethods().data?.paypal) ? 'paypalPage' : 'paypal';
  const choices: { value: PaymentChoice; label: string; hint: string }[] = [
    ...online.map((method) => ({
      value: method,
      label: t(`paymentChoice.method.${method}.label`),
      hint: t(`paymentChoice.method.${method}.hint`),
    })),
    ...others.map((method) => ({
      value: method,
      label: t(`labels.paymentMethod.${method}`),
      hint: t(`paymentChoice.other.${method === 'paypal' ? paypalHint : method}`),
    })),
  ];
  return (
    <div className="grid grid-cols-1 gap-2" data-testid="payment-choice">
      {choices.map((choice) => {
        const hintId = `${group}-${choice.value}-hint`;
        const hinted = hints === 'all' || value === choice.value;
        return (
          // The hint stays out of the radio's name (read as its description): a label names one choice.
          <div
            key={choice.value}
            className="rounded-2xl border border-line bg-white has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
          >
            <label className="flex min-h-11 cursor-pointer items-center gap-3 px-4 pt-3 pb-1">
              <input
                type="radio"
                name={group}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-describedby={hinted ? hintId : undefined}
                className="size-4 shrink-0 accent-rose-600"
              />
              <span className="text-sm font-semibold">{choice.label}</span>
            </label>
            {hinted ? (
              <p id={hintId} className="pr-4 pb-3 pl-11 text-xs text-muted">
                {choice.hint}
              </p>
            ) : (
              <span className="block pb-2" />
            )}
          </div>
        );
      })}
    </div>
  );
}
