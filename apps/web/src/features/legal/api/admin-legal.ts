import type { Language, LegalKind, PublishLegalDocumentBody } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legalApi } from '../../../shared/api/routes/legal';
import { legalKeys } from '../../../shared/legal/keys';
import { legalAdminKeys } from './keys';

/** Admin `GET /admin/legal`: every version of every document in every language, newest first. */
export const adminLegalVersionsQueryOptions = () =>
  queryOptions({
    queryKey: legalAdminKeys.versions(),
    queryFn: () => legalApi.listAdminLegal().then((reply) => reply.data),
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
  const { data, message } = await legalApi.createAdminLegal(
    { params: { kind, language }, body: fields },
    { silent: true },
  );
  return { document: data, message };
}

export function usePublishLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishLegalDocument,
    // Every legal query: the public texts, the versions in force the consent boxes use, the admin list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: legalKeys.all }),
  });
}
