import { MAX_IMAGE_BYTES } from '@atelier/shared';

/**
 * A photo a customer attaches (a review's, a student's work): an image of at most 5 MB, checked
 * before it is sent; the server checks the content again. Returns the message key or null.
 */
export function imageError(file: { type: string; size: number }): 'notImage' | 'tooLarge' | null {
  // SVG is an image type but can carry scripts; the server refuses it too.
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'notImage';
  if (file.size === 0) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}
