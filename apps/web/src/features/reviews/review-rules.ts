import { MAX_IMAGE_BYTES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@atelier/shared';

/** Review text: trimmed length 10–1000. Returns the message key or null. */
export function reviewTextError(text: string): 'tooShort' | 'tooLong' | null {
  const length = text.trim().length;
  if (length < REVIEW_TEXT_MIN) return 'tooShort';
  if (length > REVIEW_TEXT_MAX) return 'tooLong';
  return null;
}

/** Review photo: an image of at most 5 MB. */
export function imageError(file: { type: string; size: number }): 'notImage' | 'tooLarge' | null {
  // SVG is an image type but can carry scripts; the server refuses it too.
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'notImage';
  if (file.size === 0) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}
