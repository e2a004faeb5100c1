import type { Language, MailPreview } from '@atelier/shared';
import type { MailPreviewKind } from '@atelier/shared/mail-previews.constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { adminKeys } from './keys';

/** GET /admin/mail-previews/:kind: one customer mail drawn with sample data, as it would be sent. */
export async function fetchMailPreview(kind: MailPreviewKind, lang: Language, signal?: AbortSignal) {
  const { data } = await apiRequest<MailPreview>(`/admin/mail-previews/${kind}`, { query: { lang }, signal });
  return data;
}

export const mailPreviewQueryOptions = (kind: MailPreviewKind, lang: Language) =>
  queryOptions({
    queryKey: adminKeys.mailPreview(kind, lang),
    queryFn: ({ signal }) => fetchMailPreview(kind, lang, signal),
  });

export function useMailPreview(kind: MailPreviewKind, lang: Language) {
  return useQuery(mailPreviewQueryOptions(kind, lang));
}
