import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { forgetAccount } from '../../../shared/api/query-keys';
import { applyFieldProblems } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, PasswordField, SubmitButton, useFieldErrorText } from '../../../shared/ui/form-field';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast';
import { endSessionLeaving } from '../../auth/api/auth-session';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-data';
import { DeleteAccountFormSchema, type DeleteAccountFormValues } from '../profile-schemas';

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const base = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const errorText = useFieldErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountFormValues>({
    resolver: zodResolver(DeleteAccountFormSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    remove.mutate(values, {
      onSuccess: async ({ message }) => {
        // The server has revoked every session of the account: forget it here too, once she is home.
        await endSessionLeaving(() => navigate('/', { replace: true, flushSync: true }));
        forgetAccount(queryClient);
        toast.success(message ?? t('account.deleted'));
      },
      onError: (error) => {
        if (applyFieldProblems(error, ['password'] as const, setError).length === 0) {
          setProblem(errorMessage(error, t('account.deleteFailed')));
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-ink-soft">{t('account.deleteWarning')}</p>
      <PasswordField
        {...register('password')}
        id={`${base}-password`}
        label={t('account.deletePassword')}
        error={errorText(errors.password)}
        autoComplete="current-password"
      />
      <FormProblem>{problem}</FormProblem>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={remove.isPending} className="bg-rose-800 hover:bg-ink">
          {t('account.deleteConfirm')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The user's own data: a JSON copy of it, and deleting the account (password confirms). */
export function MyDataSection() {
  const { t } = useTranslation();
  const base = useId();
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toast.success(t('account.exportReady')),
      onError: (error) => toast.error(errorMessage(error, t('account.exportFailed'))),
    });

  return (
    <section aria-labelledby={`${base}-title`} className="card flex flex-col gap-6 p-6 sm:p-8">
      <h2 id={`${base}-title`} className="text-3xl">
        {t('account.dataTitle')}
      </h2>
      <div className="flex flex-col gap-3">
        <p className="text-ink-soft">{t('account.exportText')}</p>
        <div>
          <button type="button" className="btn btn-outline" onClick={download} disabled={exportData.isPending}>
            {exportData.isPending ? t('common.loading') : t('account.export')}
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-line pt-6">
        <h3 className="text-2xl">{t('account.deleteTitle')}</h3>
        <p className="text-ink-soft">{t('account.deleteText')}</p>
        <div>
          <button
            type="button"
            className="btn border border-rose-800 text-rose-800 hover:bg-blush-100"
            onClick={() => setDeleting(true)}
          >
            {t('account.delete')}
          </button>
        </div>
      </div>
      <Modal open={deleting} onOpenChange={setDeleting} title={t('account.deleteTitle')} size="sm">
        <DeleteAccountForm onCancel={() => setDeleting(false)} />
      </Modal>
    </section>
  );
}
