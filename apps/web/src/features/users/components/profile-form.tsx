import type { User } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { applyFieldProblems } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton, TextField, useFieldErrorText } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { updateSessionUser } from '../../auth/api/auth-session';
import { useUpdateProfile } from '../api/update-profile';
import { type ProfileFormInput, ProfileFormSchema, type ProfileFormValues } from '../profile-schemas';

const FIELDS = ['name', 'firstName', 'lastName', 'phone'] as const;
const AUTOCOMPLETE = { name: 'nickname', firstName: 'given-name', lastName: 'family-name', phone: 'tel' } as const;

const valuesOf = (user: User): ProfileFormInput => ({
  name: user.name,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phone: user.phone ?? '',
});

/** Name, first and last name, phone (format checked by the shared rule); the email is shown, not edited. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const base = useId();
  const update = useUpdateProfile();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: valuesOf(user),
  });

  // A fresher profile from the server (or the saved one) becomes the form's new starting point,
  // without wiping what the user is typing meanwhile (the session's copy shows first).
  useEffect(() => reset(valuesOf(user), { keepDirtyValues: true }), [user, reset]);

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    update.mutate(
      {
        name: values.name,
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        phone: values.phone ?? '',
      },
      {
        onSuccess: ({ user: saved, message }) => {
          updateSessionUser(saved);
          toast.success(message ?? t('account.profileSaved'));
        },
        onError: (error) => {
          if (applyFieldProblems(error, FIELDS, setError).length === 0) {
            setProblem(errorMessage(error, t('account.profileFailed')));
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
      className="card grid grid-cols-1 gap-5 p-6 sm:grid-cols-2 sm:p-8"
    >
      <h2 id={`${base}-title`} className="text-3xl sm:col-span-2">
        {t('account.profileTitle')}
      </h2>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          {...register(field)}
          id={`${base}-${field}`}
          label={t(`account.fields.${field}`)}
          error={errorText(errors[field])}
          hint={field === 'phone' ? t('account.phoneHint') : undefined}
          className={field === 'name' ? 'sm:col-span-2' : ''}
          type={field === 'phone' ? 'tel' : 'text'}
          autoComplete={AUTOCOMPLETE[field]}
        />
      ))}
      <TextField
        id={`${base}-email`}
        label={t('account.fields.email')}
        value={user.email}
        readOnly
        hint={t('account.emailReadOnly')}
        className="sm:col-span-2"
        inputClassName="bg-blush-50 text-ink-soft"
        type="email"
        autoComplete="email"
      />
      <FormProblem>{problem}</FormProblem>
      <div className="sm:col-span-2">
        <SubmitButton pending={update.isPending} disabled={!isDirty}>
          {t('account.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
