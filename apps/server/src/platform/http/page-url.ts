/**
 * The address of a server-rendered page as far as its content goes: the request's URL less the
 * tracking parameters that ad networks, mailers and social sites append (`utm_*`, `fbclid`,
 * `yclid`, …). No page reads them, so `/?utm_source=vk` is the page `/`: one cache entry, one
 * render, and the renderer, the head and the canonical URL never see them (the browser keeps them
 * in its address bar for analytics). Which parameters and why not `from`:
 * docs/decisions/0091-the-page-cache-under-social-links.md.
 */

/** Parameters dropped by exact name (compared in lower case). */
export const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  // Google Ads and Analytics
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  '_ga',
  '_gl',
  // Yandex Direct, Yandex search, Openstat
  'yclid',
  'ysclid',
  '_openstat',
  // Facebook / Instagram, Microsoft Ads, X, TikTok
  'fbclid',
  'igshid',
  'msclkid',
  'twclid',
  'ttclid',
  // Mailchimp
  'mc_cid',
  'mc_eid',
]);

/** Parameters dropped by prefix: `utm_source`, `utm_medium`, `utm_campaign`, `utm_content`, … */
const TRACKING_PREFIXES = ['utm_'];

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMETERS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

function parameterName(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * `url` (a path with its query, as Fastify's `request.url`) without the tracking parameters; the
 * others stay as they were written, in their order. `/?utm_source=x&category=book` →
 * `/?category=book`; `/?fbclid=y` → `/`.
 */
export function withoutTracking(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '' && !isTrackingParameter(parameterName(pair)));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** The parsed query less the tracking parameters. */
export function withoutTrackingParameters(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !isTrackingParameter(name)));
}
