/**
 * What every mail takes from the shop's own settings: the contact address the owner gives in the
 * admin's site settings (`landing_content` 'settings', `contactEmail`). It becomes the mail's
 * Reply-To, so "just reply" reaches her instead of the no-reply sender; without one the mail has
 * no Reply-To and does not invite an answer.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { landingContent } from '../../db/schema';

/** A single address, nothing a header could be split on. */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** The shop's contact address, or null when none is set (or the stored value is not an address). */
export async function shopReplyTo(q: Db | Tx): Promise<string | null> {
  const [row] = await q
    .select({ value: landingContent.value })
    .from(landingContent)
    .where(eq(landingContent.key, 'settings'));
  const email = (row?.value as { contactEmail?: unknown } | undefined)?.contactEmail;
  return typeof email === 'string' && ADDRESS.test(email.trim()) ? email.trim() : null;
}

/** The shop's contact phone from the same settings (the pickup mail gives it), or null when none is set. */
export async function shopPhone(q: Db | Tx): Promise<string | null> {
  const [row] = await q
    .select({ value: landingContent.value })
    .from(landingContent)
    .where(eq(landingContent.key, 'settings'));
  const phone = (row?.value as { contactPhone?: unknown } | undefined)?.contactPhone;
  return typeof phone === 'string' && phone.trim() ? phone.trim().slice(0, 40) : null;
}
