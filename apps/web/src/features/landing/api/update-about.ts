import type { About, AboutUpdate } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { type UploadProgress, uploadForm } from '../../../shared/api/upload';

export interface UpdateAboutInput {
  fields: AboutUpdate;
  image: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** PUT /landing/about: multipart (`data` + `image`) when a photo is sent, JSON otherwise. */
export async function updateAbout({ fields, image, onProgress }: UpdateAboutInput) {
  if (image) return uploadForm<About>('/landing/about', { method: 'PUT', data: fields, files: { image }, onProgress });
  return apiRequest<About>('/landing/about', { method: 'PUT', body: fields });
}

export function useUpdateAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAbout,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['landing', 'about'], data);
      void queryClient.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
