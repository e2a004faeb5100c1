/**
 * The public-cache tag of lessons and courses (a course page shows its lessons, so both share it):
 * every lesson or course write (admin create/update/publish, new video or methodology, a seat
 * taken or given back) must invalidate it. Replies that depend on the caller (`purchased` for a
 * signed-in user) carry an Authorization header and are never cached.
 */
export const TRAINING_CACHE_TAG = 'training';
