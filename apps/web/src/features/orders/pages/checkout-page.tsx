import {
  ADDRESS_REQUIRED,
  type ConsentKind,
  checkoutConsents,
  countryName,
  type DeliveryMethod,
  formatMoney,
  localize,
  type PaymentMethod,
  resolveCountry,
  toMinor,
} from '@atelier/shared';
import type { LegalKind } from '@atelier/shared/legal.constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type ApiErrorCode, errorMessage, isApiError } from '../../../shared/api/api-error';
import { useCurrency } from '../../../shared/currency/currency-store';
import {
  CountryList,
  NotShipped,
  PickupPlaceInfo,
  useDaysText,
  useDeliveryPriceText,
} from '../../../shared/delivery/delivery-options';
import { useDeliveryCountry, useDeliverySettings } from '../../../shared/delivery/delivery-settings';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConsentBox } from '../../../shared/legal/consent-box';
import { consentRefs, isOutdatedConsent } from '../../../shared/legal/consents';
import { legalKeys, standingConsentKeys } from '../../../shared/legal/keys';
import { useLegalList } from '../../../shared/legal/legal-api';
import { LegalModal } from '../../../shared/legal/legal-modal';
import { useStandingConsents } from '../../../shared/legal/standing-consents';
import { thanksUrl } from '../../../shared/routing/order-urls';
import {
  CheckboxField,
  FormField,
  fieldControlProps,
  SubmitButton,
  TextField,
  useFieldErrorText,
} from '../../../shared/ui/form-field';
import { GiftCodeField, giftCodeProblem, useGiftCodeCheck } from '../../../shared/ui/gift-code-field';
import { ResultCard } from '../../../shared/ui/result-card';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState, PageTitle } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useAddressesChanged, useSavedAddresses } from '../../addresses/api/addresses';
import { NEW_ADDRESS, SavedAddressChoice } from '../../addresses/api/components';
import { updateSessionUser, useSession } from '../../auth/api/auth-session';
import { fetchMe } from '../../auth/api/get-me';
import { quoteLines, useOrderQuote } from '../../cart/api/quote';
import {
  cartOrderable,
  linesNotSoldIn,
  refreshCart,
  reloadCartFromServer,
  settleCart,
  travellingLines,
  useCart,
} from '../../cart/api/use-cart';
import { useCdekQuote } from '../../cdek/api/get-cdek-quote';
import { useCdekEnabled } from '../../cdek/api/get-cdek-settings';
import {
  isOnlineChoice,
  onlineMethodsFor,
  type PaymentChoice,
  PaymentMethodChoice,
  paymentDevice,
} from '../../checkout/api/components';
import { checkGiftBalance } from '../../gift-certificates/api/gift-certificates';
import { useCreatePayment } from '../../payments/api/create-payment';
import { usePaymentMethods } from '../../payments/api/get-payment-methods';
import { type Order, useCreateOrder } from '../api/create-order';
import { type CheckoutForm, type CheckoutFormInput, checkoutResolver, toCreateOrderBody } from '../checkout-schema';
import { CdekPointPicker } from '../components/cdek-point-picker';
import { CheckoutSummary } from '../components/checkout-summary';
import { PaypalModal } from '../components/paypal-modal';
import { accountOrderUrl, nextStepAfterStart, paymentPathFor, successUrl } from '../payment-path';

const CART_PROBLEM_CODES = new Set<ApiErrorCode>([
  'OUT_OF_STOCK',
  'ITEM_UNAVAILABLE',
  'NOT_SOLD_IN_CURRENCY',
  'ALREADY_OWNED',
  'SOLD_OUT',
  'LESSON_IN_COURSE',
]);

export function CheckoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.title'));
  const language = useLanguage();
  const currency = useCurrency();
  const navigate = useNavigate();
  const session = useSession();
  const { cart } = useCart();
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const [legal, setLegal] = useState<LegalKind | null>(null);
  const queryClient = useQueryClient();
  const legalList = useLegalList(language);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [paypalOrder, setPaypalOrder] = useState<Order | null>(null);
  const createOrder = useCreateOrder();
  const createPayment = useCreatePayment();
  const user = session.status === 'authenticated' ? session.user : null;
  const paymentMethodsOffered = usePaymentMethods().data;
  // Consents she already gave to the texts in force are shown as given, not asked again.
  const standing = useStandingConsents(user !== null).data ?? [];
  const given = (kind: ConsentKind) => standing.find((consent) => consent.kind === kind);
  /** The online way to pay picked (the form's `paymentMethod` is then `card`). */
  const [onlinePick, setOnlinePick] = useState<PaymentChoice | null>(null);
  const { settings: deliverySettings } = useDeliverySettings();
  const [rememberedCountry, rememberCountry] = useDeliveryCountry();
  const [firstName = '', ...rest] = (user?.name ?? '').split(' ');
  // Her remembered addresses: the one used last fills the form; another can be picked or typed.
  const savedAddresses = useSavedAddresses(user !== null).data;
  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [remember, setRemember] = useState<boolean | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: checkoutResolver(),
    defaultValues: {
      firstName: user?.firstName ?? firstName,
      lastName: user?.lastName ?? rest.join(' '),
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      country: countryName(rememberedCountry ?? 'RU', language),
      city: '',
      address: '',
      postalCode: '',
      pickupPoint: '',
      cdekPointCode: '',
      comment: '',
      deliveryMethod: 'standard',
      paymentMethod: currency === 'RUB' ? 'card' : 'paypal',
      acceptTerms: false,
      personalData: false,
      crossBorder: false,
    },
  });

  // Asked each time; ticked already for her who asked to be remembered before.
  const rememberDetails = remember ?? (savedAddresses?.length ?? 0) > 0;
  const addressesChanged = useAddressesChanged();

  const deliveryMethod = watch('deliveryMethod');
  const paymentMethod = watch('paymentMethod');
  const travelling = travellingLines(cart.items);
  const hasPhysical = travelling.length > 0;
  // Everything is in the chosen currency; a line not sold in it stops the order (decision 0052).
  const orderCurrency = currency;
  const notSold = linesNotSoldIn(cart.items, orderCurrency);
  // With CDEK set up, delivery to a CDEK point is priced by the server for the chosen point.
  const cdek = useCdekEnabled() && hasPhysical;
  const byCdek = cdek && deliveryMethod === 'courier_pickup';
  const cdekPointCode = watch('cdekPointCode') ?? '';
  const cdekQuote = useCdekQuote(
    byCdek && cdekPointCode
      ? { items: quoteLines(cart.items), pointCode: cdekPointCode, currency: orderCurrency }
      : null,
  );
  // Where the goods go decides how they can go (abroad: post only) and whether they can at all.
  const countryCode = resolveCountry(watch('country'));

  // A gift certificate code: checked as it is typed; one in another currency (or empty) stops the order here.
  const [giftCode, setGiftCode] = useState('');
  const [giftSubmitted, setGiftSubmitted] = useState(false);
  const gift = useGiftCodeCheck(checkGiftBalance, giftCode);
  const giftProblem = giftCodeProblem(gift, orderCurrency);

  // Every figure below is the server's quote of the order as the form stands: lines, discount,
  // delivery and its options to the country, what the certificate pays, the ways to pay.
  // Lines not sold in this currency leave the order without a price in it: nothing is quoted.
  const quoting = cart.items.length > 0 && notSold.length === 0;
  const quoted = useOrderQuote(
    !quoting
      ? null
      : {
          items: quoteLines(cart.items),
          currency: orderCurrency,
          ...(hasPhysical
            ? {
                delivery: {
                  method: deliveryMethod,
                  ...(countryCode ? { country: countryCode } : {}),
                  ...(byCdek && cdekPointCode ? { cdekPointCode } : {}),
                },
              }
            : {}),
          paymentMethod,
          ...(gift.status === 'valid' && giftProblem === null ? { giftCertificateCode: giftCode.trim() } : {}),
        },
  );
  const quote = quoted.data?.currency === orderCurrency ? quoted.data : undefined;
  const quoteProblem = quoted.isError ? errorMessage(quoted.error, t('quote.failed')) : null;
  const shipping = quote?.delivery ?? null;
  const pickupOnly = { method: 'pickup' as const, cost: 0, minDays: 1, maxDays: 2 };
  // Where no parcel goes, the workshop is still open to anyone who comes for the order — at home.
  const options = shipping?.shipped
    ? shipping.options
    : shipping && (shipping.country === null || shipping.country === 'RU')
      ? [pickupOnly]
      : (shipping?.options ?? []);
  const notShipped = shipping && !shipping.shipped && shipping.country ? shipping.country : null;
  // A shop without a card provider (PAYMENT_PROVIDER=none) does not offer cards: the quote says which ways there are.
  const paymentMethods: PaymentMethod[] = quote?.paymentMethods ?? [];
  const orderable = cartOrderable(cart) && notSold.length === 0;

  // A digital-only cart has no delivery, so no address fields are asked for.
  useEffect(() => {
    if (!hasPhysical) setValue('deliveryMethod', 'pickup');
  }, [hasPhysical, setValue]);

  // A country that rules the chosen method out (a courier abroad) moves the choice to the first it allows.
  const offeredMethods = options.map((option) => option.method).join(' ');
  useEffect(() => {
    const allowed = offeredMethods.split(' ').filter(Boolean) as DeliveryMethod[];
    if (hasPhysical && allowed.length > 0 && !allowed.includes(getValues('deliveryMethod')) && allowed[0]) {
      setValue('deliveryMethod', allowed[0]);
    }
  }, [offeredMethods, hasPhysical, getValues, setValue]);

  const chooseAddress = (choice: string) => {
    setAddressChoice(choice);
    const address = savedAddresses?.find((saved) => saved.id === choice);
    if (address) setValue('country', countryName(address.country, language));
    setValue('city', address?.city ?? '');
    setValue('address', address?.address ?? '');
    setValue('postalCode', address?.postalCode ?? '');
  };
  // Once they load, the address used last fills an address she has not started typing.
  const firstSaved = savedAddresses?.[0]?.id;
  useEffect(() => {
    if (!firstSaved || addressChoice !== null) return;
    if (getValues('city') || getValues('address') || getValues('postalCode')) return;
    chooseAddress(firstSaved);
  });

  // A consent that stands counts as ticked; only the ones ticked here are sent (and recorded).
  const givenKinds = standing.map((consent) => consent.kind).join(' ');
  useEffect(() => {
    if (givenKinds.includes('personal-data')) setValue('personalData', true);
    if (givenKinds.includes('cross-border')) setValue('crossBorder', true);
  }, [givenKinds, setValue]);

  // The country chosen here is the cart's next time.
  useEffect(() => {
    if (countryCode) rememberCountry(countryCode);
  }, [countryCode, rememberCountry]);

  // Switching the currency or the country can rule the chosen way to pay out (card is roubles,
  // PayPal euros/dollars, cash on receipt only at home).
  const offeredPayments = paymentMethods.join(' ');
  useEffect(() => {
    const allowed = offeredPayments.split(' ').filter(Boolean) as PaymentMethod[];
    const chosen = getValues('paymentMethod');
    if (allowed.length > 0 && !allowed.includes(chosen) && allowed[0]) setValue('paymentMethod', allowed[0]);
  }, [offeredPayments, getValues, setValue]);

  const days = useDaysText();
  const deliveryPrice = useDeliveryPriceText(orderCurrency, language);
  // The online ways that can take what is left to pay (YooKassa's limits), and the one picked.
  const onlineOffered = quote ? onlineMethodsFor(paymentMethodsOffered, toMinor(quote.amountDue), orderCurrency) : [];
  const onlineMethod =
    isOnlineChoice(onlinePick) && onlineOffered.includes(onlinePick) ? onlinePick : (onlineOffered[0] ?? null);

  const errorText = useFieldErrorText('checkout.errors');
  /** A text input of the form: registered, labelled, with its translated error. */
  const field = (
    name: Exclude<
      keyof CheckoutFormInput,
      'deliveryMethod' | 'paymentMethod' | 'acceptTerms' | 'personalData' | 'crossBorder'
    >,
  ) => ({
    ...register(name),
    id: id(name),
    label: t(`checkout.${name}`),
    error: errorText(errors[name]),
  });

  const finish = (order: Order) => {
    void navigate(successUrl(order.number), { replace: true });
  };

  /** The order is kept whatever happens to its payment: the account's order page offers "Pay". */
  const toAccountOrder = (order: Order, paymentProblem?: string) =>
    void navigate(accountOrderUrl(order), { replace: true, state: paymentProblem ? { paymentProblem } : null });

  const onSubmit = handleSubmit(async (form) => {
    if (giftProblem) {
      setGiftSubmitted(true);
      document.getElementById(id('giftCode'))?.focus();
      return;
    }
    // The versions in force of the consent texts the boxes name.
    const consents = consentRefs(
      legalList.data,
      checkoutConsents(form.paymentMethod).filter((kind) => !given(kind)),
    );
    if (!consents) {
      toast.error(t('legal.textsUnavailable'));
      return;
    }
    // A change still on its way reaches the server first: the order ends the cart the server holds.
    await settleCart();
    let order: Order;
    try {
      ({ order } = await createOrder.mutateAsync({
        ...toCreateOrderBody(form, cart.items, { hasPhysical, currency: orderCurrency, consents }),
        ...(rememberDetails ? { rememberDetails: true } : {}),
        ...(giftCode.trim() ? { giftCertificateCode: giftCode.trim() } : {}),
      }));
    } catch (error) {
      toast.error(errorMessage(error, t('checkout.orderFailed')));
      // A consent text changed since the page loaded it: load the new version and ask again.
      if (isOutdatedConsent(error)) {
        void queryClient.invalidateQueries({ queryKey: legalKeys.all });
        void queryClient.invalidateQueries({ queryKey: standingConsentKeys.all });
        setValue('personalData', false);
        setValue('crossBorder', false);
      }
      // The catalogue changed under the cart (sold out, withdrawn, not sold in this currency,
      // already owned, a lesson next to its course): fetch the checked cart again so the lines show what is wrong.
      if (isApiError(error) && CART_PROBLEM_CODES.has(error.code)) refreshCart();
      return;
    }
    // The order exists from here on: the server took its lines off the cart in the order's
    // transaction (whatever the payment does); this copy and the badge follow the server's.
    setPlaced(order);
    // What she consented to here stands from now on; what she asked to be remembered is kept.
    void queryClient.invalidateQueries({ queryKey: standingConsentKeys.all });
    if (rememberDetails) {
      addressesChanged();
      void fetchMe().then(updateSessionUser, () => undefined);
    }
    await reloadCartFromServer();
    // PayPal: its approval page when the shop has its API (or the demo's sandbox), else the address for the owner's invoice.
    const path = paymentPathFor(order, paymentMethodsOffered?.paypal);
    if (path === 'done') return finish(order);
    if (path === 'paypal') return setPaypalOrder(order);
    try {
      const card = path === 'redirect' && order.paymentMethod === 'card';
      const choice = card && onlineMethod ? { method: onlineMethod, device: paymentDevice() } : {};
      const next = nextStepAfterStart(await createPayment.mutateAsync({ orderId: order.id, ...choice }), order);
      // Cash and transfer: the payment (its instructions mailed once) exists; the thank-you page shows them.
      if (path === 'instructions') return void navigate(thanksUrl(order.number), { replace: true });
      if (next.external) window.location.assign(next.url);
      else void navigate(next.url, { replace: true });
    } catch (error) {
      // Said next to the order's "Pay" button (a toast raised while the page changes can be lost).
      toAccountOrder(order, errorMessage(error, t('payments.createFailed')));
    }
  });

  if (placed) {
    return (
      <>
        <ResultCard icon={<Spinner className="size-8" />} title={t('checkout.placedTitle')}>
          <p className="figures mt-3 font-semibold text-rose-700">
            {t('checkout.orderNumber', { number: placed.number })}
          </p>
          <p className="mt-4 text-ink-soft" role="status">
            {paypalOrder ? t('checkout.paypalNext') : t('checkout.preparingPayment')}
          </p>
        </ResultCard>
        <PaypalModal
          order={paypalOrder}
          defaultEmail={getValues('email')}
          onDone={(sent) => {
            if (!paypalOrder) return;
            setPaypalOrder(null);
            if (sent) finish(paypalOrder);
            else toAccountOrder(paypalOrder);
          }}
        />
      </>
    );
  }

  if (cart.items.length === 0) {
    return (
      <>
        <PageTitle title={t('checkout.title')} />
        <div className="container-page">
          <EmptyState title={t('cart.empty')}>
            <Link to="/shop" className="btn btn-primary mt-4">
              {t('nav.shop')}
            </Link>
          </EmptyState>
        </div>
      </>
    );
  }

  const methodPrice = (option: { method: DeliveryMethod; cost: number | null }) =>
    option.cost === null ? t('cdek.checkout.byTariff') : deliveryPrice(toMinor(option.cost));

  return (
    <>
      <PageTitle title={t('checkout.title')} eyebrow={t('checkout.eyebrow')} />
      <form
        onSubmit={onSubmit}
        noValidate
        className="container-page grid grid-cols-1 gap-6 pb-10 sm:gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]"
      >
        <CheckoutSummary
          items={cart.items}
          notSold={notSold}
          currency={orderCurrency}
          language={language}
          quote={quote}
          problem={quoteProblem}
        />
        <div className="flex flex-col gap-6 sm:gap-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <fieldset className="card p-5 sm:p-8">
            <legend className="float-left mb-5 w-full font-serif text-3xl">{t('checkout.contacts')}</legend>
            <div className="clear-both grid grid-cols-1 gap-5 sm:grid-cols-2">
              <TextField {...field('firstName')} autoComplete="given-name" />
              <TextField {...field('lastName')} autoComplete="family-name" />
              <TextField {...field('email')} type="email" autoComplete="email" />
              <TextField {...field('phone')} type="tel" autoComplete="tel" />
            </div>
          </fieldset>

          {hasPhysical ? (
            <fieldset className="card p-5 sm:p-8">
              <legend className="float-left mb-5 w-full font-serif text-3xl">{t('checkout.deliveryTitle')}</legend>
              <div className="clear-both">
                <TextField
                  {...field('country')}
                  list={id('countries')}
                  autoComplete="shipping country-name"
                  hint={t('delivery.countryHint')}
                />
                <CountryList id={id('countries')} language={language} />
              </div>
              {notShipped ? (
                <div className="mt-4">
                  <NotShipped
                    estimate={{ kind: 'not-shipped', country: notShipped }}
                    language={language}
                    goods={travelling.map((line) => localize(line.name, language))}
                  />
                </div>
              ) : null}
              {quoting ? null : <p className="mt-4 text-sm text-muted">{t('quote.notPriced')}</p>}
              <div
                className="mt-5 grid grid-cols-1 gap-2 empty:hidden"
                role="radiogroup"
                aria-label={t('checkout.deliveryMethod')}
              >
                {options.map((option) => (
                  <label
                    key={option.method}
                    className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-white px-4 py-2 has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
                  >
                    <input
                      type="radio"
                      value={option.method}
                      {...register('deliveryMethod')}
                      className="accent-rose-600"
                    />
                    <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
                      <span className="text-sm font-semibold">{t(`checkout.delivery.${option.method}`)}</span>
                      <span className="sr-only"> — </span>
                      <span className="figures text-sm">
                        <span className="font-semibold">{methodPrice(option)}</span>
                        <span className="text-muted"> · {days(option.minDays, option.maxDays)}</span>
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <p className="mt-3 text-xs text-muted">
                {countryCode && countryCode !== 'RU' ? `${t('delivery.abroad')} ` : ''}
                {shipping?.shipped
                  ? t('checkout.freeFrom', { amount: formatMoney(shipping.freeFrom, orderCurrency, language) })
                  : ''}
              </p>
              <div className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2">
                {ADDRESS_REQUIRED[deliveryMethod] ? (
                  <>
                    <div className="sm:col-span-2 empty:hidden">
                      <SavedAddressChoice
                        addresses={savedAddresses ?? []}
                        value={addressChoice ?? NEW_ADDRESS}
                        onChange={chooseAddress}
                      />
                    </div>
                    <TextField {...field('city')} autoComplete="shipping address-level2" className="sm:col-span-2" />
                    <TextField
                      {...field('address')}
                      autoComplete="shipping street-address"
                      hint={t('checkout.addressHint')}
                      className="sm:col-span-2"
                    />
                    <TextField {...field('postalCode')} autoComplete="shipping postal-code" inputMode="numeric" />
                  </>
                ) : null}
                {deliveryMethod === 'courier_pickup' && cdek ? (
                  <CdekPointPicker
                    value={cdekPointCode}
                    onChange={(point) => {
                      setValue('cdekPointCode', point?.code ?? '');
                      // The server reads the address from CDEK; the form only needs to know one is chosen.
                      setValue('pickupPoint', point ? `${point.name}, ${point.address}` : '', {
                        shouldValidate: isSubmitted,
                      });
                    }}
                    quote={cdekQuote}
                    error={errors.pickupPoint ? t('cdek.checkout.choose') : undefined}
                  />
                ) : deliveryMethod === 'courier_pickup' ? (
                  <TextField {...field('pickupPoint')} className="sm:col-span-2" />
                ) : null}
                {deliveryMethod === 'pickup' ? (
                  <div className="sm:col-span-2">
                    <PickupPlaceInfo place={deliverySettings.pickup} language={language} />
                  </div>
                ) : null}
              </div>
            </fieldset>
          ) : (
            <p className="card p-6 text-ink-soft">{t('checkout.digitalOnly')}</p>
          )}

          <fieldset className="card p-6 sm:p-8">
            <legend className="float-left mb-5 w-full font-serif text-3xl">{t('checkout.paymentTitle')}</legend>
            <div className="clear-both">
              {!quoting ? (
                // Said once: above, in the delivery, when the order has one.
                hasPhysical ? null : (
                  <p className="text-sm text-muted">{t('quote.notPriced')}</p>
                )
              ) : quote || quoteProblem ? null : (
                <p className="text-sm text-muted">{t('quote.pricing')}</p>
              )}
              <PaymentMethodChoice
                name={id('paymentMethod')}
                online={paymentMethods.includes('card') ? onlineOffered : []}
                others={paymentMethods.filter((method) => method !== 'card')}
                value={paymentMethod === 'card' ? onlineMethod : paymentMethod}
                onChange={(choice) => {
                  if (isOnlineChoice(choice)) {
                    setOnlinePick(choice);
                    setValue('paymentMethod', 'card');
                  } else setValue('paymentMethod', choice);
                }}
              />
            </div>
            <GiftCodeField
              id={id('giftCode')}
              value={giftCode}
              onChange={setGiftCode}
              state={gift}
              currency={orderCurrency}
              showError={giftSubmitted}
              className="mt-6"
            />
            <FormField
              id={id('comment')}
              label={t('checkout.comment')}
              error={errorText(errors.comment)}
              className="mt-6"
            >
              <textarea
                {...register('comment')}
                {...fieldControlProps(id('comment'), Boolean(errors.comment))}
                rows={3}
                className="input"
              />
            </FormField>
          </fieldset>
        </div>

        <div className="card h-fit p-5 sm:p-6 lg:col-start-2 lg:row-start-2">
          <CheckboxField {...register('acceptTerms')} id={id('acceptTerms')} error={errorText(errors.acceptTerms)}>
            {t('checkout.acceptPrefix')}{' '}
            <button type="button" className="link" onClick={() => setLegal('terms')}>
              {t('checkout.acceptTerms')}
            </button>{' '}
            {t('checkout.acceptAnd')}{' '}
            <button type="button" className="link" onClick={() => setLegal('privacy')}>
              {t('checkout.acceptPrivacy')}
            </button>
          </CheckboxField>
          <ConsentBox
            {...register('personalData')}
            given={given('personal-data')}
            id={id('personalData')}
            error={errorText(errors.personalData)}
            className="mt-3"
          >
            {t('checkout.personalDataPrefix')}{' '}
            <button type="button" className="link text-left" onClick={() => setLegal('personal-data')}>
              {t('checkout.personalDataLink')}
            </button>
          </ConsentBox>
          {user ? (
            <CheckboxField
              id={id('remember')}
              checked={rememberDetails}
              onChange={(event) => setRemember(event.target.checked)}
              className="mt-3"
            >
              {t('checkout.rememberDetails')}
            </CheckboxField>
          ) : null}
          {paymentMethod === 'paypal' ? (
            <ConsentBox
              {...register('crossBorder')}
              given={given('cross-border')}
              id={id('crossBorder')}
              error={errorText(errors.crossBorder)}
              className="mt-3"
            >
              {t('checkout.crossBorderPrefix')}{' '}
              <button type="button" className="link text-left" onClick={() => setLegal('cross-border')}>
                {t('checkout.crossBorderLink')}
              </button>
            </ConsentBox>
          ) : null}
          {orderable ? null : (
            <p role="alert" className="mt-4 text-sm font-semibold text-rose-800">
              {notSold.length > 0 && cartOrderable(cart)
                ? t(`cart.notSoldSummary.${orderCurrency}`, { count: notSold.length })
                : t('cart.fixProblems')}{' '}
              <Link to="/cart" className="link">
                {t('cart.title')}
              </Link>
            </p>
          )}
          {legalList.isError ? (
            <p role="alert" className="mt-4 text-sm font-semibold text-rose-800">
              {t('legal.textsUnavailable')}
            </p>
          ) : null}
          <SubmitButton pending={isSubmitting} disabled={!orderable || !legalList.data} className="mt-6 w-full">
            {t('checkout.placeOrder')}
          </SubmitButton>
        </div>
      </form>
      <LegalModal doc={legal} onClose={() => setLegal(null)} />
    </>
  );
}
