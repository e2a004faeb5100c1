import { CreateCustomRequestBody, CURRENCIES, CUSTOM_OCCASIONS, localize, MAX_CUSTOM_PHOTOS } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { portfolioApi } from '../../../shared/api/routes/portfolio';
import { useCurrency } from '../../../shared/currency/currency-store';
import { applyFieldProblems, problemText } from '../../../shared/forms/server-errors';
import { useFieldMessage, writeResolver } from '../../../shared/forms/write-resolver';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { intentStore } from '../../../shared/intent/intent-store';
import { useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { FormField, FormProblem, fieldControlProps, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { ImageUploadField, newFilesOf, type UploadItem } from '../../../shared/ui/image-upload-field';
import { PageTitle } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { portfolioKeys } from '../../portfolio/api/keys';
import { useCreateCustomRequest } from '../api/custom-orders';
import {
  EMPTY_REQUEST,
  localToday,
  REQUEST_FIELDS,
  type RequestForm,
  requestFormDefaults,
  requestFormProblems,
  toRequestBody,
} from '../request-form';

/**
 * `/custom-order`: what the customer wants made, with up to five reference photos; `?portfolio=<id>`
 * names the portfolio piece it starts from. A guest fills it in and signs in on sending: the text
 * is kept as a draft in the browser and comes back filled; photos are added once signed in.
 */
export function CustomRequestPage() {
  const { t } = useTranslation();
  usePageTitle(t('customOrders.title'));
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const portfolioId = params.get('portfolio');
  const validPortfolioId = portfolioId && /^[0-9a-f-]{36}$/i.test(portfolioId) ? portfolioId : null;
  const portfolio = useQuery({
    queryKey: portfolioKeys.item(validPortfolioId),
    queryFn: ({ signal }) =>
      portfolioApi
        .get({ params: { id: validPortfolioId ?? '' } }, { silent: true, signal })
        .then((reply) => reply.data),
    enabled: validPortfolioId !== null,
    retry: false,
  });
  const portfolioItemId = portfolio.data ? validPortfolioId : null;
  const create = useCreateCustomRequest();
  const currency = useCurrency();
  const [photos, setPhotos] = useState<UploadItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;

  const form = useForm<RequestForm, unknown, CreateCustomRequestBody>({
    resolver: writeResolver(
      CreateCustomRequestBody,
      (values: RequestForm) => toRequestBody(values, portfolioItemId, currency),
      (values) => requestFormProblems(values, localToday()),
    ),
    defaultValues: requestFormDefaults(currency),
  });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const message = useFieldMessage(errors);
  const occasion = watch('occasion');
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const signInFor = useSignInFor();

  // The text typed before signing in (or before a reload) comes back; every change is kept until sent.
  const restored = useRef(false);
  useEffect(() => {
    restored.current = true;
    const draft = intentStore.readDraft('custom-request', EMPTY_REQUEST);
    if (draft) reset({ ...requestFormDefaults(currency), ...draft, budgetCurrency: draft.budgetCurrency || currency });
    const subscription = watch((values) => intentStore.saveDraft('custom-request', values));
    return () => subscription.unsubscribe();
  }, [reset, watch, currency]);

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    if (!signedIn) {
      intentStore.saveDraft('custom-request', getValues());
      signInFor({ kind: 'form', form: 'custom-request' });
      return;
    }
    try {
      const result = await create.mutateAsync({ body, photos: newFilesOf(photos) });
      intentStore.clearDraft('custom-request');
      if (result.message) toast.success(result.message);
      void navigate(`/account/custom-orders/${result.request.id}`);
    } catch (error) {
      const applied = applyFieldProblems(error, REQUEST_FIELDS, (field, value) => setError(field, value));
      setProblem(applied.length > 0 ? null : problemText(error, t('customOrders.form.failed')));
    }
  });

  return (
    <>
      <PageTitle title={t('customOrders.title')} eyebrow={t('customOrders.eyebrow')}>
        {t('customOrders.lead')}
      </PageTitle>
      <div className="container-page pb-16">
        <form onSubmit={onSubmit} noValidate className="card mx-auto flex max-w-2xl flex-col gap-5 p-5 sm:p-8">
          {portfolio.data ? (
            <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm wrap-anywhere">
              {t('customOrders.fromPortfolio', { title: localize(portfolio.data.title, language) })}
            </p>
          ) : null}
          <FormField id={id('occasion')} label={t('customOrders.form.occasion')} error={message('occasion')}>
            <select
              {...register('occasion')}
              {...fieldControlProps(id('occasion'), Boolean(errors.occasion))}
              className="input"
            >
              <option value="">{t('customOrders.form.choose')}</option>
              {CUSTOM_OCCASIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`customOrders.occasions.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          {occasion === 'other' ? (
            <TextField
              {...register('occasionOther')}
              id={id('occasionOther')}
              label={t('customOrders.form.occasionOther')}
              error={message('occasionOther')}
              maxLength={100}
            />
          ) : null}
          <TextField
            {...register('dateNeeded')}
            id={id('dateNeeded')}
            type="date"
            min={localToday()}
            label={t('customOrders.form.dateNeeded')}
            error={message('dateNeeded')}
          />
          <TextField
            {...register('colours')}
            id={id('colours')}
            label={t('customOrders.form.colours')}
            hint={t('customOrders.form.coloursHint')}
            error={message('colours')}
            maxLength={200}
          />
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              {...register('budget')}
              id={id('budget')}
              inputMode="decimal"
              autoComplete="off"
              label={t('customOrders.form.budget')}
              error={message('budget')}
            />
            <FormField
              id={id('budgetCurrency')}
              label={t('customOrders.form.budgetCurrency')}
              error={message('budgetCurrency')}
            >
              <select
                {...register('budgetCurrency')}
                {...fieldControlProps(id('budgetCurrency'), Boolean(errors.budgetCurrency))}
                className="input"
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField
            id={id('description')}
            label={t('customOrders.form.description')}
            error={message('description')}
            hint={t('customOrders.form.descriptionHint')}
          >
            <textarea
              {...register('description')}
              {...fieldControlProps(id('description'), Boolean(errors.description))}
              aria-describedby={errors.description ? `${id('description')}-error` : `${id('description')}-hint`}
              rows={6}
              maxLength={2000}
              className="input min-h-32"
            />
          </FormField>
          {signedIn ? (
            <ImageUploadField
              id={id('photos')}
              label={t('customOrders.form.photos')}
              hint={t('customOrders.form.photosHint')}
              items={photos}
              onChange={setPhotos}
              maxFiles={MAX_CUSTOM_PHOTOS}
            />
          ) : (
            <p className="rounded-2xl bg-blush-50 px-4 py-3 text-sm text-ink-soft">
              {t('customOrders.form.photosAfterSignIn')}
            </p>
          )}
          <FormProblem>{problem}</FormProblem>
          <SubmitButton pending={isSubmitting} className="w-full sm:w-auto sm:self-start">
            {signedIn ? t('customOrders.form.submit') : t('customOrders.form.signInToSend')}
          </SubmitButton>
        </form>
      </div>
    </>
  );
}
