import type { Certificate, CertificateVerification, Language } from '@atelier/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { apiDownload, apiGet } from '../../../shared/api/client';
import { saveFile } from '../../../shared/files/save-file';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useLanguage } from '../../../shared/i18n/use-language';
import { toast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/api/auth-session';

export type { Certificate, CertificateVerification };

/** The learner's certificates; under ['user'], dropped when the user changes. */
export const myCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'certificates'],
    queryFn: () => apiGet<Certificate[]>('/training/certificates', undefined, undefined, { silent: true }),
  });

export function useMyCertificates() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...myCertificatesQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

/** The public check of a certificate (the verification page; the server renders it with this data). */
export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['certificate', code],
    queryFn: () =>
      apiGet<CertificateVerification>(`/certificates/${encodeURIComponent(code)}`, undefined, undefined, {
        silent: true,
      }),
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
