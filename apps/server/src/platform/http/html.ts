/**
 * The one HTML escaping of the server: every value written into HTML it renders itself (the SPA
 * head, the mails, the /dev/mail page, the sandbox payment page, the sitemap's XML) goes through
 * it, in text and in quoted attribute values alike.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
