/** The public-cache tag every portfolio write (admin create/update/delete/reorder) must invalidate. */
export const PORTFOLIO_CACHE_TAG = 'portfolio';
