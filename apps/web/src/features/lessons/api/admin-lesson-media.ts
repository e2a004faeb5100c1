import type { ChaptersWrite, Language, LessonMedia } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonsAdminApi } from '../../../shared/api/routes/lessons-admin';
import { lessonKeys } from './keys';

/** A lesson's chapters and which subtitle languages it has (admin). */
export const adminLessonMediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lessonKeys.adminMedia(id),
    queryFn: async () => (await lessonsAdminApi.adminLessonsMedia({ params: { id } })).data,
    staleTime: 0,
  });

export function useAdminLessonMedia(id: string) {
  return useQuery(adminLessonMediaQueryOptions(id));
}

/** The stored WebVTT text of one language, loaded into the editor when the admin opens it. */
export const fetchSubtitlesText = async (id: string, lang: Language) =>
  (await lessonsAdminApi.getAdminLessonsSubtitles({ params: { id, lang } }, { silent: true })).data;

function useMediaMutation<Input>(id: string, request: (input: Input) => Promise<LessonMedia>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (media) => queryClient.setQueryData(adminLessonMediaQueryOptions(id).queryKey, media),
  });
}

/** PUT /admin/lessons/{id}/chapters: the whole list. */
export function useSaveChapters(id: string) {
  return useMediaMutation(id, async (body: ChaptersWrite) => {
    const { data } = await lessonsAdminApi.adminLessonsChapters({ params: { id }, body }, { silent: true });
    return data;
  });
}

/** PUT /admin/lessons/{id}/subtitles/{lang}: the WebVTT text (400 naming the line when it is not WebVTT). */
export function useSaveSubtitles(id: string) {
  return useMediaMutation(id, async ({ lang, vtt }: { lang: Language; vtt: string }) => {
    const { data } = await lessonsAdminApi.putAdminLessonsSubtitles(
      { params: { id, lang }, body: { vtt } },
      { silent: true },
    );
    return data;
  });
}

export function useDeleteSubtitles(id: string) {
  return useMediaMutation(id, async (lang: Language) => {
    const { data } = await lessonsAdminApi.deleteAdminLessonsSubtitles({ params: { id, lang } }, { silent: true });
    return data;
  });
}

export function useSubtitlesText(id: string, lang: Language, enabled: boolean) {
  return useQuery({
    queryKey: lessonKeys.adminSubtitles(id, lang),
    queryFn: () => fetchSubtitlesText(id, lang),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
