/** The public-cache tag every review moderation (approve, reject, delete, reorder) must invalidate. */
export const REVIEWS_CACHE_TAG = 'reviews';
