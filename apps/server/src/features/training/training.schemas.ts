/**
 * The public-cache tag every lesson write (admin create/update/publish, new video or methodology)
 * must invalidate. Replies that depend on the caller (`purchased` for a signed-in user) carry an
 * Authorization header and are never cached.
 */
export const TRAINING_CACHE_TAG = 'training';
