import type {
  Language,
  LegalDocument,
  LegalDocumentSummary,
  LegalKind,
  PublishLegalDocumentBody,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

/** Admin `GET /admin/legal`: every version of every document in every language, newest first. */
export const adminLegalVersionsQueryOptions = () =>
  queryOptions({
    queryKey: ['legal', 'admin', 'versions'],
    queryFn: () => apiGet<LegalDocumentSummary[]>('/admin/legal'),
    staleTime: 0,
  });

export function useAdminLegalVersions() {
  return useQuery(adminLegalVersionsQueryOptions());
}

export interface PublishInput {
  kind: LegalKind;
  language: Language;
  fields: PublishLegalDocumentBody;
}

/** `POST /admin/legal/{kind}/{language}`: the next version (409 when another was published since). */
export async function publishLegalDocument({ kind, language, fields }: PublishInput) {
  const { data, message } = await apiRequest<LegalDocument>(`/admin/legal/${encodeURIComponent(kind)}/${language}`, {
    method: 'POST',
    body: fields,
    silent: true,
  });
  return { document: data, message };
}

export function usePublishLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishLegalDocument,
    // Every legal query: the public texts, the versions in force the consent boxes use, the admin list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['legal'] }),
  });
}
