import { CURRENCIES, type Currency, formatMoney, LANGUAGES, type Order } from '@atelier/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useCurrency } from '../../../shared/currency/currency-store';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { intentStore } from '../../../shared/intent/intent-store';
import { useSignInFor } from '../../../shared/intent/use-sign-in-for';
import {
  FormField,
  fieldControlProps,
  SubmitButton,
  TextField,
  useFieldErrorText,
} from '../../../shared/ui/form-field';
import { GiftBalanceCheck } from '../../../shared/ui/gift-balance-check';
import { Modal } from '../../../shared/ui/modal';
import { paypalRedirects } from '../../../shared/ui/paypal-mode';
import { PaypalRequestForm } from '../../../shared/ui/paypal-request-form';
import { Spinner } from '../../../shared/ui/spinner';
import { ErrorState, PageTitle } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useDeclaredPageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { createPayment } from '../../payments/api/create-payment';
import { useCardPayments, usePaymentMethods } from '../../payments/api/get-payment-methods';
import { requestPaypal } from '../../payments/api/request-paypal';
import { checkGiftBalance, useBuyGiftCertificate, useGiftOffer } from '../api/gift-certificates';
import { CUSTOM, type GiftForm, type GiftFormInput, giftFormDefaults, giftFormResolver, toBuyBody } from '../gift-form';

const LANGUAGE_NAMES = { ru: 'Русский', en: 'English', es: 'Español' } as const;

/** The amount buttons and "another amount" of one currency. */
function AmountChoice({
  register,
  presets,
  currency,
  choice,
  customId,
  customError,
  choiceError,
  limits,
}: {
  register: ReturnType<typeof useForm<GiftFormInput, unknown, GiftForm>>['register'];
  presets: number[];
  currency: Currency;
  choice: string;
  customId: string;
  customError: string | undefined;
  choiceError: string | undefined;
  limits: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const option =
    'flex min-h-12 cursor-pointer items-center justify-center rounded-2xl border border-line bg-white px-4 py-2 text-sm font-semibold has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600';
  return (
    <fieldset>
      <legend className="field-label">{t('giftCertificates.form.amount')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {presets.map((amount) => (
          <label key={amount} className={option}>
            <input type="radio" value={String(amount)} {...register('choice')} className="sr-only" />
            {formatMoney(amount, currency, language)}
          </label>
        ))}
        <label className={option}>
          <input type="radio" value={CUSTOM} {...register('choice')} className="sr-only" />
          {t('giftCertificates.form.otherAmount')}
        </label>
      </div>
      {choiceError ? (
        <p className="field-error" role="alert">
          {choiceError}
        </p>
      ) : null}
      {choice === CUSTOM ? (
        <TextField
          {...register('customAmount')}
          id={customId}
          label={t('giftCertificates.form.customAmount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          error={customError}
          hint={limits}
          className="mt-4"
        />
      ) : null}
    </fieldset>
  );
}

/**
 * `/gift-certificates`: buy a certificate for someone (amount, currency, recipient, message,
 * delivery day, sender, the language of their mail), pay its order by card (roubles) or PayPal
 * (euros, dollars); and check what is left on a code.
 */
export function GiftCertificatePage() {
  const { t } = useTranslation();
  useDeclaredPageTitle('giftCertificates');
  const language = useLanguage();
  const displayCurrency = useCurrency();
  const navigate = useNavigate();
  const signInFor = useSignInFor();
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const offer = useGiftOffer();
  const buy = useBuyGiftCertificate();
  const cardPayments = useCardPayments();
  const paypalMode = usePaymentMethods().data?.paypal;
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const [problem, setProblem] = useState<string | null>(null);
  const [paypalOrder, setPaypalOrder] = useState<Order | null>(null);
  const [paying, setPaying] = useState(false);

  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<GiftFormInput, unknown, GiftForm>({
    resolver: giftFormResolver(offer.data),
    defaultValues: giftFormDefaults(offer.data, displayCurrency, language, user?.name ?? ''),
  });
  const errorText = useFieldErrorText('giftCertificates.errors');
  const currency = watch('currency');
  const choice = watch('choice');
  const message = watch('message') ?? '';

  // Rendered on the server, the offer is there from the first render; on a visit from another
  // page it arrives after it: then the form starts from it, once (never over what was typed).
  const started = useRef(offer.data !== undefined);
  useEffect(() => {
    if (!offer.data || started.current) return;
    started.current = true;
    reset(giftFormDefaults(offer.data, getValues('currency'), language, getValues('senderName')));
  }, [offer.data, reset, getValues, language]);
  // The account's name, when the session arrives after the form: "from" is the buyer unless typed.
  useEffect(() => {
    if (user?.name && !getValues('senderName')) setValue('senderName', user.name);
  }, [user?.name, getValues, setValue]);

  // A form filled before signing in (or before a reload) comes back as it was left, once the offer
  // is known (after the two starts above); every change is kept until the certificate is ordered.
  const restored = useRef(false);
  useEffect(() => {
    if (!offer.data || restored.current) return;
    restored.current = true;
    const current = getValues();
    const draft = intentStore.readDraft('gift-certificate', current);
    if (!draft) return;
    const usable = {
      ...draft,
      ...(draft.currency && CURRENCIES.includes(draft.currency) ? {} : { currency: current.currency }),
      ...(draft.language && LANGUAGES.includes(draft.language) ? {} : { language: current.language }),
    };
    reset({ ...current, ...usable });
  }, [offer.data, getValues, reset]);
  useEffect(() => {
    const subscription = watch((values) => {
      if (restored.current) intentStore.saveDraft('gift-certificate', values);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  // Another currency has other presets: start from its first.
  const presets = offer.data?.settings[currency].presets;
  const presetList = presets?.join(' ') ?? '';
  useEffect(() => {
    const amounts = presetList ? presetList.split(' ') : [];
    const current = getValues('choice');
    if (current !== CUSTOM && !amounts.includes(current)) setValue('choice', amounts[0] ?? CUSTOM);
  }, [presetList, getValues, setValue]);

  const onSubmit = handleSubmit(async (form) => {
    setProblem(null);
    if (!user) {
      // The form is kept (the draft above): signing in brings the guest back to it, filled in.
      intentStore.saveDraft('gift-certificate', getValues());
      signInFor({ kind: 'form', form: 'gift-certificate' });
      return;
    }
    let order: Order;
    try {
      ({ order } = await buy.mutateAsync(toBuyBody(form)));
    } catch (error) {
      setProblem(errorMessage(error, t('giftCertificates.form.failed')));
      return;
    }
    intentStore.clearDraft('gift-certificate');
    // PayPal without its API: the address for the owner's invoice; else PayPal's page, as a card's.
    if (order.paymentMethod === 'paypal' && !paypalRedirects(paypalMode)) {
      setPaypalOrder(order);
      return;
    }
    setPaying(true);
    try {
      const payment = await createPayment({ orderId: order.id });
      if (payment.redirectUrl) {
        window.location.assign(payment.redirectUrl);
        return;
      }
      void navigate(`/account/orders/${order.id}`);
    } catch (error) {
      setPaying(false);
      // The order is kept: its page in the account offers "Pay".
      toast.error(errorMessage(error, t('payments.createFailed')));
      void navigate(`/account/orders/${order.id}`);
    }
  });

  const limits = offer.data?.settings[currency];
  const cardClosed = currency === 'RUB' && !cardPayments;

  return (
    <>
      <PageTitle title={t('giftCertificates.title')} eyebrow={t('giftCertificates.eyebrow')}>
        <p className="mx-auto mt-4 max-w-2xl text-ink-soft">{t('giftCertificates.intro')}</p>
      </PageTitle>
      <div className="container-page grid grid-cols-1 gap-8 pb-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {offer.isError ? (
          <ErrorState onRetry={() => void offer.refetch()} />
        ) : !offer.data ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8" aria-labelledby={id('form-title')}>
            <h2 id={id('form-title')} className="sr-only">
              {t('giftCertificates.form.title')}
            </h2>
            <fieldset className="card flex flex-col gap-6 p-6 sm:p-8">
              <legend className="float-left mb-1 w-full font-serif text-3xl">{t('giftCertificates.form.value')}</legend>
              <fieldset className="clear-both">
                <legend className="field-label">{t('giftCertificates.form.currency')}</legend>
                <div className="flex flex-wrap gap-2">
                  {CURRENCIES.map((value) => (
                    <label
                      key={value}
                      className="flex min-h-11 min-w-16 cursor-pointer items-center justify-center rounded-full border border-line bg-white px-4 text-sm font-semibold has-[:checked]:border-rose-600 has-[:checked]:bg-blush-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
                    >
                      <input type="radio" value={value} {...register('currency')} className="sr-only" />
                      {value}
                    </label>
                  ))}
                </div>
                <p className="mt-2 text-xs text-muted">
                  {currency === 'RUB' ? t('giftCertificates.form.payCard') : t('giftCertificates.form.payPaypal')}
                </p>
              </fieldset>
              <AmountChoice
                register={register}
                presets={presets ?? []}
                currency={currency}
                choice={choice}
                customId={id('customAmount')}
                customError={errorText(errors.customAmount)}
                choiceError={errorText(errors.choice)}
                limits={
                  limits
                    ? t('giftCertificates.form.limits', {
                        min: formatMoney(limits.min, currency, language),
                        max: formatMoney(limits.max, currency, language),
                      })
                    : ''
                }
              />
            </fieldset>

            <fieldset className="card flex flex-col gap-5 p-6 sm:p-8">
              <legend className="float-left mb-1 w-full font-serif text-3xl">
                {t('giftCertificates.form.recipient')}
              </legend>
              <div className="clear-both grid grid-cols-1 gap-5 sm:grid-cols-2">
                <TextField
                  {...register('recipientName')}
                  id={id('recipientName')}
                  label={t('giftCertificates.form.recipientName')}
                  error={errorText(errors.recipientName)}
                  autoComplete="off"
                />
                <TextField
                  {...register('recipientEmail')}
                  id={id('recipientEmail')}
                  type="email"
                  label={t('giftCertificates.form.recipientEmail')}
                  error={errorText(errors.recipientEmail)}
                  autoComplete="off"
                />
              </div>
              <FormField
                id={id('message')}
                label={t('giftCertificates.form.message')}
                error={errorText(errors.message)}
                hint={t('giftCertificates.form.messageHint', { left: 500 - message.length })}
              >
                <textarea
                  {...register('message')}
                  {...fieldControlProps(id('message'), Boolean(errors.message))}
                  aria-describedby={errors.message ? `${id('message')}-error` : `${id('message')}-hint`}
                  rows={4}
                  maxLength={500}
                  className="input"
                />
              </FormField>
            </fieldset>

            <fieldset className="card flex flex-col gap-5 p-6 sm:p-8">
              <legend className="float-left mb-1 w-full font-serif text-3xl">
                {t('giftCertificates.form.delivery')}
              </legend>
              <div className="clear-both grid grid-cols-1 gap-5 sm:grid-cols-2">
                <TextField
                  {...register('deliveryDate')}
                  id={id('deliveryDate')}
                  type="date"
                  min={offer.data.today}
                  max={offer.data.lastDate}
                  label={t('giftCertificates.form.deliveryDate')}
                  hint={t('giftCertificates.form.deliveryHint')}
                  error={errorText(errors.deliveryDate)}
                />
                <FormField
                  id={id('language')}
                  label={t('giftCertificates.form.language')}
                  error={errorText(errors.language)}
                >
                  <select
                    {...register('language')}
                    {...fieldControlProps(id('language'), Boolean(errors.language))}
                    className="input"
                  >
                    {LANGUAGES.map((value) => (
                      <option key={value} value={value} lang={value}>
                        {LANGUAGE_NAMES[value]}
                      </option>
                    ))}
                  </select>
                </FormField>
                <TextField
                  {...register('senderName')}
                  id={id('senderName')}
                  label={t('giftCertificates.form.senderName')}
                  error={errorText(errors.senderName)}
                  autoComplete="name"
                  className="sm:col-span-2"
                />
              </div>
            </fieldset>

            {cardClosed ? (
              <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm text-ink-soft">{t('training.cardUnavailable')}</p>
            ) : null}
            {problem ? (
              <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
                {problem}
              </p>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">
                {user ? t('giftCertificates.form.terms') : t('giftCertificates.form.signInFirst')}
              </p>
              <SubmitButton pending={isSubmitting || buy.isPending || paying} disabled={cardClosed}>
                {user ? t('giftCertificates.form.submit') : t('giftCertificates.form.signInToBuy')}
              </SubmitButton>
            </div>
          </form>
        )}

        <aside className="flex h-fit flex-col gap-6 lg:sticky lg:top-32">
          <section className="card p-6" aria-labelledby={id('how-title')}>
            <h2 id={id('how-title')} className="font-serif text-2xl">
              {t('giftCertificates.how.title')}
            </h2>
            <ol className="mt-4 flex list-decimal flex-col gap-2 pl-5 text-sm text-ink-soft">
              <li>{t('giftCertificates.how.step1')}</li>
              <li>{t('giftCertificates.how.step2')}</li>
              <li>{t('giftCertificates.how.step3')}</li>
            </ol>
          </section>
          <section className="card p-6" aria-labelledby={id('check-title')}>
            <h2 id={id('check-title')} className="font-serif text-2xl">
              {t('giftCertificates.check.title')}
            </h2>
            <GiftBalanceCheck check={checkGiftBalance} className="mt-4" />
            {user ? (
              <Link to="/account/gift-certificates" className="link mt-2 inline-block text-sm">
                {t('giftCertificates.mine')}
              </Link>
            ) : null}
          </section>
        </aside>
      </div>
      <Modal
        open={paypalOrder !== null}
        onOpenChange={(open) => {
          if (!open && paypalOrder) void navigate(`/account/orders/${paypalOrder.id}`);
        }}
        title={t('payments.paypalTitle')}
        size="sm"
      >
        {paypalOrder ? (
          <PaypalRequestForm
            key={paypalOrder.id}
            orderId={paypalOrder.id}
            orderNumber={paypalOrder.number}
            defaultEmail={user?.email ?? ''}
            request={requestPaypal}
            onDone={() => void navigate(`/account/orders/${paypalOrder.id}`)}
          />
        ) : null}
      </Modal>
    </>
  );
}
