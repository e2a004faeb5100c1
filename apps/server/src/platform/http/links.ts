/**
 * The site's absolute URLs, built from PUBLIC_URL in this one place: a trailing slash is dropped
 * here and nowhere else, and every link in a mail, a feed or a page head is joined the same way.
 */
export interface SiteLinks {
  /** The site's address without a trailing slash: `https://atelier.example`. */
  readonly base: string;
  /** `/shop?product=1` → `https://atelier.example/shop?product=1`; an http(s) URL stays as it is. */
  to(pathOrUrl: string): string;
}

export function siteLinks(publicUrl: string): SiteLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    base,
    to(pathOrUrl) {
      if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
      return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
    },
  };
}
