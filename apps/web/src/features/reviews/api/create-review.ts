import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewsApi } from '../../../shared/api/routes/reviews';
import { reviewKeys } from './keys';

export interface CreateReviewInput {
  reviewText: string;
  rating: number;
  image: File | null;
}

/** Multipart reviewText, rating, image?. */
export async function createReview(input: CreateReviewInput) {
  const form = new FormData();
  form.set('reviewText', input.reviewText.trim());
  form.set('rating', String(input.rating));
  if (input.image) form.set('image', input.image);
  const { data, message } = await reviewsApi.create({ form }, { silent: true });
  return { review: data, message };
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
