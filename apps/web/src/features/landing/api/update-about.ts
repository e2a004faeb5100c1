import type { AboutUpdate } from '@atelier/shared';
import type { landingContract } from '@atelier/shared/landing.contract';
import { landingRouteTable } from '@atelier/shared/landing.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { landingApi } from '../../../shared/api/routes/landing';
import { type UploadProgress, uploads } from '../../../shared/api/upload';
import { landingKeys } from './keys';

const aboutUploads = uploads<typeof landingContract, 'putAbout'>(landingRouteTable, ['putAbout']);

export interface UpdateAboutInput {
  fields: AboutUpdate;
  image: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** PUT /landing/about: multipart (`data` + `image`) when a photo is sent, JSON otherwise. */
export async function updateAbout({ fields, image, onProgress }: UpdateAboutInput) {
  if (image) return aboutUploads.putAbout({}, { data: fields, files: { image }, onProgress });
  return landingApi.putAbout({ form: fields });
}

export function useUpdateAbout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAbout,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(landingKeys.about(), data);
      void queryClient.invalidateQueries({ queryKey: landingKeys.all });
    },
  });
}
