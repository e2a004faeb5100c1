/**
 * Students' works are lesson content: their public reads are cached under the training tag, so a
 * lesson's publishing or unpublishing drops them too, and every moderation invalidates that tag.
 */
export { TRAINING_CACHE_TAG as STUDENT_WORKS_CACHE_TAG } from '../lessons/lessons.schemas';

/** Approved works a lesson page shows. */
export const LESSON_WORKS_LIMIT = 60;
