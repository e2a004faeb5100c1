import type { Certificate, CertificateVerification, Language } from '@atelier/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { apiDownload } from '../../../shared/api/client';
import { certificatesApi } from '../../../shared/api/routes/certificates';
import { saveFile } from '../../../shared/files/save-file';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { toast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/api/auth-session';
import { certificateKeys } from './keys';

export type { Certificate, CertificateVerification };

/** The learner's certificates; under the `user` prefix, dropped when the user changes. */
export const myCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: certificateKeys.mine(),
    queryFn: () => certificatesApi.trainingCertificates({}, { silent: true }).then((reply) => reply.data),
  });

export function useMyCertificates() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...myCertificatesQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

/** The public check of a certificate (the verification page; the server renders it with this data). */
export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.one(code),
    queryFn: () => certificatesApi.get({ params: { code } }, { silent: true }).then((reply) => reply.data),
  });

export function useCertificate(code: string) {
  return useQuery(certificateQueryOptions(code));
}

/** Saves the certificate's PDF in `language` (the owner's bearer token is sent; a link could not). */
export async function downloadCertificate(code: string, language: Language): Promise<string> {
  const { blob, filename } = await apiDownload(
    `/training/certificates/${encodeURIComponent(code)}/pdf?lang=${language}`,
    `certificate-${code}.pdf`,
  );
  saveFile(blob, filename);
  return filename;
}

/**
 * Downloads a certificate's PDF in the interface language, with a toast either way; `pending` is
 * the code being downloaded (its button waits).
 */
export function useCertificateDownload() {
  const { t } = useTranslation();
  const language = useLanguage();
  const mutation = useMutation({
    mutationFn: (code: string) => downloadCertificate(code, language),
    onSuccess: (file) => toast.success(t('certificates.downloaded', { file })),
    onError: (error) => toast.error(errorMessage(error, t('certificates.downloadFailed'))),
  });
  return {
    download: (code: string) => mutation.mutate(code),
    pending: mutation.isPending ? (mutation.variables ?? null) : null,
  };
}

/** The public page that shows a certificate is real. */
export const certificatePath = (code: string) => `/certificate/${code}`;
