/** The public-cache tag every write to the about section or the site settings must invalidate. */
import { siteLinks } from '../../platform/http/links';
export const LANDING_CACHE_TAG = 'landing';

/**
 * JSON-LD node id of the artisan's business on the home page, so other features' blocks (the
 * reviews' AggregateRating) can point at the same entity.
 */
export function businessJsonLdId(publicUrl: string): string {
  return `${siteLinks(publicUrl).base}/#business`;
}
