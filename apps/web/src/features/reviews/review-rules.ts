import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@atelier/shared';

/** Review text: trimmed length 10–1000. Returns the message key or null. */
export function reviewTextError(text: string): 'tooShort' | 'tooLong' | null {
  const length = text.trim().length;
  if (length < REVIEW_TEXT_MIN) return 'tooShort';
  if (length > REVIEW_TEXT_MAX) return 'tooLong';
  return null;
}
