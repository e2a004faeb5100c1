/** The public-cache tag every publication of a legal document invalidates (the pages go with it). */
export const LEGAL_CACHE_TAG = 'legal';
