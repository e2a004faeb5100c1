import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { confirmingResolver } from '../../../shared/forms/confirm-password';
import { applyFieldProblems } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, PasswordField, SubmitButton, useFieldErrorText } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useChangePassword } from '../../auth/api/change-password';
import {
  type ChangePasswordFormInput,
  ChangePasswordFormSchema,
  type ChangePasswordFormValues,
} from '../profile-schemas';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const base = useId();
  const change = useChangePassword();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormValues>({
    resolver: confirmingResolver(zodResolver(ChangePasswordFormSchema), 'newPassword'),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          reset();
          toast.success(message ?? t('auth.passwordChanged'));
        },
        onError: (error) => {
          if (applyFieldProblems(error, FIELDS, setError).length === 0) {
            setProblem(errorMessage(error, t('account.passwordFailed')));
          }
        },
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${base}-title`}
      className="card flex flex-col gap-5 p-6 sm:p-8"
    >
      <h2 id={`${base}-title`} className="text-3xl">
        {t('account.passwordTitle')}
      </h2>
      {/* Lets password managers tie the new password to the account. */}
      <PasswordField
        {...register('currentPassword')}
        id={`${base}-current`}
        label={t('account.currentPassword')}
        error={errorText(errors.currentPassword)}
        autoComplete="current-password"
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <PasswordField
          {...register('newPassword')}
          id={`${base}-new`}
          label={t('auth.newPassword')}
          error={errorText(errors.newPassword)}
          autoComplete="new-password"
        />
        <PasswordField
          {...register('confirmPassword')}
          id={`${base}-confirm`}
          label={t('auth.confirmPassword')}
          error={errorText(errors.confirmPassword)}
          autoComplete="new-password"
        />
      </div>
      <FormProblem>{problem}</FormProblem>
      <div>
        <SubmitButton pending={change.isPending}>{t('account.changePassword')}</SubmitButton>
      </div>
    </form>
  );
}
