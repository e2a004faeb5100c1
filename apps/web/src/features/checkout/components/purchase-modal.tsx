import {
  type Currency,
  type LegalDocumentRef,
  type LocalizedText,
  localize,
  type OnlineMethod,
  type PaymentDevice,
  type PaymentMethods,
  type PaymentStart,
  type Price,
  type PromoQuote,
  type PurchaseResult,
  priceIn,
  purchaseConsents,
} from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useCurrency } from '../../../shared/currency/currency-store';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { formatPercent } from '../../../shared/format/percent';
import { useServerText } from '../../../shared/i18n/server-text';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConsentBox } from '../../../shared/legal/consent-box';
import { consentRefs, isOutdatedConsent } from '../../../shared/legal/consents';
import { legalKeys, standingConsentKeys } from '../../../shared/legal/keys';
import { useLegalList } from '../../../shared/legal/legal-api';
import { useStandingConsents } from '../../../shared/legal/standing-consents';
import { SubmitButton, TextField } from '../../../shared/ui/form-field';
import {
  type GiftCodeCheck,
  GiftCodeField,
  giftCodeProblem,
  useGiftCodeCheck,
} from '../../../shared/ui/gift-code-field';
import { Modal } from '../../../shared/ui/modal';
import { type PaypalMode, paypalRedirects } from '../../../shared/ui/paypal-mode';
import { PaypalRequestForm } from '../../../shared/ui/paypal-request-form';
import { toast } from '../../../shared/ui/toast';
import {
  isOnlineChoice,
  onlineMethodsFor,
  type PaymentChoice,
  PaymentMethodChoice,
  paymentDevice,
} from './payment-method-choice';

/** A live quote: the price after the code; a course's quote also has `toPay` after the viewer's credit. */
export type PurchaseQuote = PromoQuote & { toPay?: Price; credit?: number };

/**
 * The operations of buying one item, handed in by the feature that sells it (the lessons and
 * courses pages get them from `usePurchaseFlow`), so this dialog knows no endpoint.
 */
export interface PurchaseFlow {
  quote: (promoCode: string, signal: AbortSignal) => Promise<PurchaseQuote>;
  /**
   * Places the item's order in `currency` (roubles: card; euros, dollars: PayPal) with the consent
   * versions the dialog showed (`purchaseConsents`).
   */
  purchase: (
    promoCode: string | undefined,
    currency: Currency,
    giftCertificateCode: string | undefined,
    consents: LegalDocumentRef[],
  ) => Promise<{ result: PurchaseResult; message?: string | undefined }>;
  /** What is left on a gift certificate code (it pays what it can of the order, in its currency). */
  checkGiftCode: GiftCodeCheck;
  /** An online order: the provider's page to go to (or SBP's QR code on ours), in the way picked. */
  startPayment: (orderId: string, choice?: { method: OnlineMethod; device: PaymentDevice }) => Promise<PaymentStart>;
  /** A PayPal order without PayPal's API: the owner's invoice to this email. */
  requestPaypal: (body: { orderId: string; email: string }) => Promise<{ data: PaymentStart }>;
  pending: boolean;
  /** false when the shop takes no card payments (PAYMENT_PROVIDER=none): no rouble purchase but a free one. */
  cardPayments: boolean;
  paypalMode: PaypalMode;
  /** The online ways to pay the shop offers, with their limits (undefined while loading). */
  paymentMethods?: PaymentMethods | undefined;
}

/** What the dialog shows of the item. A course adds the viewer's credit and the price after it. */
export interface PurchaseItem {
  title: LocalizedText;
  price: Price;
  credit?: number;
  priceForYou?: Price;
}

/** Wait this long after the last keystroke before asking the server about a code. */
const CHECK_DELAY_MS = 400;

type PromoState =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; quote: PurchaseQuote }
  | { status: 'invalid'; message: string };

/** Checks the typed code against the server as the buyer types (debounced, stale answers dropped). */
function usePromoCheck(quote: PurchaseFlow['quote'], open: boolean, code: string): PromoState {
  const { t } = useTranslation();
  const [state, setState] = useState<PromoState>({ status: 'empty' });
  // The page hands a new `quote` on every render; the item it quotes stays the same.
  const quoteRef = useRef(quote);
  quoteRef.current = quote;
  useEffect(() => {
    const trimmed = code.trim();
    if (!open || trimmed === '') {
      setState({ status: 'empty' });
      return;
    }
    setState({ status: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      quoteRef.current(trimmed, controller.signal).then(
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
  }, [open, code, t]);
  return state;
}

/**
 * Buying a lesson or a course with an optional promo code. The code is validated live and
 * the new price shown; a result of zero unlocks the item at once, otherwise the order goes to
 * payment. The order is in the visitor's currency when the item has a price in it (as the dialog
 * shows it), else in roubles: roubles go to the card provider's page, euros and dollars to the
 * PayPal step (the email the payment link goes to), after which the account's order page follows.
 */
export function PurchaseModal({
  kind,
  item,
  flow,
  onClose,
}: {
  kind: 'lesson' | 'course';
  /** The item being bought; null = the dialog is closed. */
  item: PurchaseItem | null;
  flow: PurchaseFlow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const navigate = useNavigate();
  const displayCurrency = useCurrency();
  const promoId = useId();
  const statusId = useId();
  const [promoCode, setPromoCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [paypalOrder, setPaypalOrder] = useState<PurchaseResult['order'] | null>(null);
  const [onlinePick, setOnlinePick] = useState<PaymentChoice | null>(null);
  const promo = usePromoCheck(flow.quote, item !== null && paypalOrder === null, promoCode);
  const currency: Currency = item && priceIn(item.price, displayCurrency) !== null ? displayCurrency : 'RUB';
  const giftId = useId();
  const [giftCode, setGiftCode] = useState('');
  const [giftSubmitted, setGiftSubmitted] = useState(false);
  const gift = useGiftCodeCheck(flow.checkGiftCode, item !== null && paypalOrder === null ? giftCode : '');
  const giftProblem = giftCodeProblem(gift, currency);
  // PayPal is a foreign operator: paying through it needs consent to the cross-border transfer.
  const queryClient = useQueryClient();
  const serverText = useServerText();
  const crossBorderId = useId();
  const [crossBorder, setCrossBorder] = useState(false);
  const [crossBorderMissing, setCrossBorderMissing] = useState(false);
  // A consent she already gave to the text in force is shown as given and not sent again.
  const standing = useStandingConsents(item !== null).data ?? [];
  const crossBorderGiven = standing.find((consent) => consent.kind === 'cross-border');
  const wanted = item ? purchaseConsents(currency, Math.round((priceIn(item.price, currency) ?? 0) * 100)) : [];
  const asked = wanted.filter((kind) => !standing.some((consent) => consent.kind === kind));
  const asksCrossBorder = asked.includes('cross-border');
  // The texts are loaded only when the dialog asks for a consent (a rouble purchase asks none).
  const legalList = useLegalList(language, asked.length > 0);

  useEffect(() => {
    if (item === null) {
      setCrossBorder(false);
      setCrossBorderMissing(false);
      setPromoCode('');
      setGiftCode('');
      setGiftSubmitted(false);
      setProblem(null);
      setPaypalOrder(null);
      setOnlinePick(null);
    }
  }, [item]);

  /** Closing the PayPal step, link sent or not: the order's page tells where its payment stands. */
  const close = () => {
    onClose();
    if (paypalOrder) void navigate(`/account/orders/${paypalOrder.id}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || flow.pending || promo.status === 'checking' || promo.status === 'invalid' || cardClosed) return;
    if (giftProblem) {
      setGiftSubmitted(true);
      return;
    }
    if (asksCrossBorder && !crossBorder) {
      setCrossBorderMissing(true);
      document.getElementById(crossBorderId)?.focus();
      return;
    }
    setProblem(null);
    // The versions in force of the texts the boxes name.
    const consents = asked.length === 0 ? [] : consentRefs(legalList.data, asked);
    if (!consents) {
      setProblem(t('legal.textsUnavailable'));
      return;
    }
    let bought: Awaited<ReturnType<PurchaseFlow['purchase']>>;
    try {
      bought = await flow.purchase(
        promo.status === 'valid' ? promo.quote.code : undefined,
        currency,
        giftCode.trim() || undefined,
        consents,
      );
    } catch (error) {
      setProblem(errorMessage(error, t('training.purchaseFailed')));
      // The text changed since the dialog loaded it: load the new version and ask again.
      if (isOutdatedConsent(error)) {
        void queryClient.invalidateQueries({ queryKey: legalKeys.all });
        void queryClient.invalidateQueries({ queryKey: standingConsentKeys.all });
        setCrossBorder(false);
      }
      return;
    }
    // What she consented to here stands from now on.
    if (consents.length > 0) void queryClient.invalidateQueries({ queryKey: standingConsentKeys.all });
    const { result, message } = bought;
    if (result.purchased) {
      toast.success(message ?? t('training.purchaseDone'));
      onClose();
      return;
    }
    // Euros and dollars without PayPal's API: the address the owner's invoice goes to, asked next.
    const paypal = result.order.paymentMethod === 'paypal';
    if (paypal && !paypalRedirects(flow.paypalMode)) {
      setPaypalOrder(result.order);
      return;
    }
    // Roubles: start the online payment of the order in the way picked (the provider's page, or
    // SBP's QR code on the processing page on a computer); PayPal: its approval page.
    setPaying(true);
    try {
      const payment = await flow.startPayment(
        result.order.id,
        !paypal && onlineMethod ? { method: onlineMethod, device: paymentDevice() } : undefined,
      );
      if (payment.kind === 'qr') {
        onClose();
        void navigate(`/payment/processing?order=${result.order.number}&id=${result.order.id}`);
        return;
      }
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
  };

  const price = item ? format(item.price) : '';
  const credit = item?.credit ?? 0;
  const credited = item?.priceForYou && credit > 0 ? format(item.priceForYou) : null;
  const newPrice = promo.status === 'valid' ? format(promo.quote.toPay ?? promo.quote.discountedPrice) : credited;
  const promoError = promo.status === 'invalid' ? promo.message : null;
  const free = promo.status === 'valid' ? promo.quote.free : (item?.priceForYou ?? item?.price)?.rub === 0;
  // Roubles are paid online; a shop without a card provider can only give free ones in roubles.
  const cardClosed = !free && currency === 'RUB' && !flow.cardPayments;
  // The online ways that can take the price to pay (YooKassa's limits), and the one picked.
  const toPay =
    promo.status === 'valid' ? (promo.quote.toPay ?? promo.quote.discountedPrice) : (item?.priceForYou ?? item?.price);
  const onlineOffered =
    currency === 'RUB' && !free && toPay
      ? onlineMethodsFor(flow.paymentMethods, Math.round((priceIn(toPay, 'RUB') ?? 0) * 100), 'RUB')
      : [];
  const onlineMethod =
    isOnlineChoice(onlinePick) && onlineOffered.includes(onlinePick) ? onlinePick : (onlineOffered[0] ?? null);

  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && close()}
      title={
        paypalOrder
          ? t('payments.paypalTitle')
          : kind === 'course'
            ? t('training.courses.purchaseTitle')
            : t('training.purchaseTitle')
      }
      size="sm"
    >
      {paypalOrder ? (
        <PaypalRequestForm
          key={paypalOrder.id}
          orderId={paypalOrder.id}
          orderNumber={paypalOrder.number}
          defaultEmail={paypalOrder.customer.email}
          request={flow.requestPaypal}
          onDone={close}
        />
      ) : item ? (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" noValidate>
          <div className="rounded-2xl bg-blush-50 p-4">
            <p className="font-serif text-2xl wrap-anywhere">{localize(item.title, language)}</p>
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
            {credit > 0 ? (
              <p className="mt-1 text-sm text-sage-700">
                {t('training.courses.creditNote', { amount: format({ rub: credit, eur: null, usd: null }) })}
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
                ? t('training.promoApplied', { percent: formatPercent(promo.quote.percentOff, language) })
                : ''}
          </p>
          <GiftCodeField
            id={giftId}
            value={giftCode}
            onChange={setGiftCode}
            state={gift}
            currency={currency}
            showError={giftSubmitted}
            className="-mt-2"
          />
          {onlineOffered.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold">{t('paymentChoice.legend')}</legend>
              <PaymentMethodChoice
                online={onlineOffered}
                others={[]}
                value={onlineMethod}
                onChange={setOnlinePick}
                hints="chosen"
              />
            </fieldset>
          ) : null}
          {cardClosed ? (
            <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm text-ink-soft">{t('training.cardUnavailable')}</p>
          ) : null}
          {wanted.includes('cross-border') ? (
            <ConsentBox
              given={crossBorderGiven}
              id={crossBorderId}
              checked={crossBorder}
              onChange={(event) => {
                setCrossBorder(event.target.checked);
                if (event.target.checked) setCrossBorderMissing(false);
              }}
              error={crossBorderMissing ? serverText('crossBorderConsentRequired') : undefined}
            >
              {t('checkout.crossBorderPrefix')}{' '}
              <a href="/legal/cross-border" target="_blank" rel="noopener" className="link">
                {t('checkout.crossBorderLink')}
              </a>
            </ConsentBox>
          ) : null}
          {problem ? (
            <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <p className="text-xs text-muted">
            {currency === 'RUB'
              ? t('training.purchaseTerms')
              : paypalRedirects(flow.paypalMode)
                ? t('training.purchaseTermsPaypalPage')
                : t('training.purchaseTermsPaypal')}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <SubmitButton
              pending={flow.pending || paying}
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
