import { REGISTRATION_CONSENTS } from '@atelier/shared';
import type { LegalKind } from '@atelier/shared/legal.constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { confirmingResolver } from '../../../shared/forms/confirm-password';
import { applyFieldProblems, fieldProblems } from '../../../shared/forms/server-errors';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { consentRefs, isOutdatedConsent } from '../../../shared/legal/consents';
import { legalKeys } from '../../../shared/legal/keys';
import { useLegalList } from '../../../shared/legal/legal-api';
import { LegalModal } from '../../../shared/legal/legal-modal';
import {
  CheckboxField,
  FieldError,
  FormField,
  FormProblem,
  fieldControlProps,
  PasswordField,
  SubmitButton,
  TextField,
  useFieldErrorText,
} from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { type RegisterFormInput, RegisterFormSchema, type RegisterFormValues } from '../auth-schemas';
import { SmartCaptcha } from './smart-captcha';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'captchaAnswer', 'agreement', 'personalData'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const captcha = useCaptcha();
  const registerUser = useRegister();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const [legal, setLegal] = useState<LegalKind | null>(null);
  // Yandex SmartCaptcha, when the server asks for it: its token, a reset counter, its problem.
  const smartKey = captcha.data?.smartCaptchaClientKey ?? null;
  const [smartToken, setSmartToken] = useState('');
  const [smartRound, setSmartRound] = useState(0);
  const [smartProblem, setSmartProblem] = useState<string | null>(null);
  const language = useLanguage();
  const queryClient = useQueryClient();
  // The versions in force of the texts the two boxes name: what the consents refer to.
  const legalList = useLegalList(language);
  const consents = consentRefs(legalList.data, REGISTRATION_CONSENTS);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: confirmingResolver(zodResolver(RegisterFormSchema), 'password'),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      captchaAnswer: '',
      agreement: false,
      personalData: false,
    },
  });

  const refreshCaptcha = () => {
    setValue('captchaAnswer', '');
    void captcha.refetch();
    // Its token is single-use too.
    if (smartKey) setSmartRound((round) => round + 1);
  };

  const onSubmit = handleSubmit((values) => {
    if (!captcha.data) return;
    if (smartKey && !smartToken) {
      setSmartProblem(errorText({ message: 'smartCaptchaRequired' }) ?? null);
      return;
    }
    if (!consents) {
      setProblem(t('legal.textsUnavailable'));
      return;
    }
    setProblem(null);
    registerUser.mutate(
      {
        name: values.name,
        email: values.email,
        password: values.password,
        captchaId: captcha.data.captchaId,
        captchaAnswer: values.captchaAnswer,
        ...(smartKey ? { smartCaptchaToken: smartToken } : {}),
        consents,
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? t('auth.registered'));
          onRegistered(values.email);
        },
        onError: (error) => {
          // A captcha is single-use: whatever went wrong, the next try needs a new example.
          refreshCaptcha();
          if (isOutdatedConsent(error)) {
            // A text changed since the page loaded it: load the new versions and ask again.
            void queryClient.invalidateQueries({ queryKey: legalKeys.all });
            setValue('agreement', false);
            setValue('personalData', false);
            setProblem(errorMessage(error, t('auth.registerFailed')));
            setFocus('agreement');
            return;
          }
          const fields = applyFieldProblems(error, FIELDS, setError, { captchaId: 'captchaAnswer' });
          const smart = fieldProblems(error).find((item) => item.field === 'smartCaptchaToken');
          if (smart) setSmartProblem(errorText(smart) ?? null);
          const [first] = fields;
          if (first) setFocus(first);
          else if (!smart) setProblem(errorMessage(error, t('auth.registerFailed')));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        {...register('name')}
        id={`${id}-name`}
        label={t('auth.name')}
        error={errorText(errors.name)}
        autoComplete="name"
      />
      <TextField
        {...register('email')}
        id={`${id}-email`}
        label={t('auth.email')}
        error={errorText(errors.email)}
        type="email"
        autoComplete="email"
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <PasswordField
          {...register('password')}
          id={`${id}-password`}
          label={t('auth.password')}
          error={errorText(errors.password)}
          hint={t('auth.passwordRules')}
          autoComplete="new-password"
        />
        <PasswordField
          {...register('confirmPassword')}
          id={`${id}-confirm`}
          label={t('auth.confirmPassword')}
          error={errorText(errors.confirmPassword)}
          autoComplete="new-password"
        />
      </div>
      <FormField id={`${id}-captcha`} label={t('auth.captcha')} error={errorText(errors.captchaAnswer)}>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className="figures inline-flex min-h-11 min-w-24 shrink-0 items-center justify-center rounded-2xl bg-blush-100 px-4 font-serif text-2xl font-semibold text-rose-800"
            aria-live="polite"
          >
            {captcha.data ? `${captcha.data.question} =` : captcha.isError ? '—' : '…'}
          </span>
          <input
            {...register('captchaAnswer')}
            {...fieldControlProps(`${id}-captcha`, Boolean(errors.captchaAnswer))}
            inputMode="numeric"
            autoComplete="off"
            className="input w-auto min-w-0 flex-1"
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm max-sm:-ml-3 max-sm:basis-full max-sm:justify-start"
            onClick={refreshCaptcha}
          >
            {t('auth.refreshCaptcha')}
          </button>
        </div>
      </FormField>
      {smartKey ? (
        <fieldset className="min-w-0">
          <legend className="field-label">{t('auth.smartCaptcha')}</legend>
          <SmartCaptcha
            sitekey={smartKey}
            language={language}
            round={smartRound}
            onToken={(token) => {
              setSmartToken(token);
              if (token) setSmartProblem(null);
            }}
            onUnavailable={() => setSmartProblem(t('auth.smartCaptchaUnavailable'))}
          />
          {smartProblem ? <FieldError id={`${id}-smart`}>{smartProblem}</FieldError> : null}
        </fieldset>
      ) : null}
      <CheckboxField {...register('agreement')} id={`${id}-agreement`} error={errorText(errors.agreement)}>
        {t('auth.agreementPrefix')}{' '}
        <button type="button" className="link" onClick={() => setLegal('agreement')}>
          {t('auth.agreementLink')}
        </button>
      </CheckboxField>
      <CheckboxField {...register('personalData')} id={`${id}-personal-data`} error={errorText(errors.personalData)}>
        {t('auth.personalDataPrefix')}{' '}
        <button type="button" className="link text-left" onClick={() => setLegal('personal-data')}>
          {t('auth.personalDataLink')}
        </button>
      </CheckboxField>
      <FormProblem>{problem ?? (legalList.isError ? t('legal.textsUnavailable') : null)}</FormProblem>
      <SubmitButton pending={registerUser.isPending} disabled={!captcha.data || !consents}>
        {t('auth.registerSubmit')}
      </SubmitButton>
      <LegalModal doc={legal} onClose={() => setLegal(null)} />
    </form>
  );
}
