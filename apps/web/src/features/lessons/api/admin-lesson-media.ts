import type { ChaptersWrite, Language, LessonMedia, SubtitlesText } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

const base = (id: string) => `/admin/lessons/${encodeURIComponent(id)}`;

/** A lesson's chapters and which subtitle languages it has (admin). */
export const adminLessonMediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['training', 'admin', 'lesson-media', id],
    queryFn: () => apiGet<LessonMedia>(`${base(id)}/media`),
    staleTime: 0,
  });

export function useAdminLessonMedia(id: string) {
  return useQuery(adminLessonMediaQueryOptions(id));
}

/** The stored WebVTT text of one language, loaded into the editor when the admin opens it. */
export const fetchSubtitlesText = (id: string, lang: Language) =>
  apiGet<SubtitlesText>(`${base(id)}/subtitles/${lang}`, undefined, undefined, { silent: true });

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
    const { data } = await apiRequest<LessonMedia>(`${base(id)}/chapters`, { method: 'PUT', body, silent: true });
    return data;
  });
}

/** PUT /admin/lessons/{id}/subtitles/{lang}: the WebVTT text (400 naming the line when it is not WebVTT). */
export function useSaveSubtitles(id: string) {
  return useMediaMutation(id, async ({ lang, vtt }: { lang: Language; vtt: string }) => {
    const { data } = await apiRequest<LessonMedia>(`${base(id)}/subtitles/${lang}`, {
      method: 'PUT',
      body: { vtt },
      silent: true,
    });
    return data;
  });
}

export function useDeleteSubtitles(id: string) {
  return useMediaMutation(id, async (lang: Language) => {
    const { data } = await apiRequest<LessonMedia>(`${base(id)}/subtitles/${lang}`, { method: 'DELETE', silent: true });
    return data;
  });
}

export function useSubtitlesText(id: string, lang: Language, enabled: boolean) {
  return useQuery({
    queryKey: ['training', 'admin', 'subtitles', id, lang],
    queryFn: () => fetchSubtitlesText(id, lang),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
