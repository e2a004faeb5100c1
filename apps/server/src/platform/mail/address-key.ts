/**
 * The mailbox an address reaches, as the subject of per-address limits: `Anna+1@Example.com` and
 * `anna@example.com` land in one inbox, so they share one allowance. Lower case, the `+tag` dropped,
 * and for Gmail (gmail.com, googlemail.com: one service that ignores dots) the dots of the local
 * part dropped and the domain spelled one way. Only limits use it: mail still goes to the address
 * as given. docs/decisions/0057.
 */

/** Domains whose mail ignores dots in the local part, each mapped to the one spelling used in keys. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

export function emailLimitKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  // `+tag@…` with nothing before the plus is left as it is: there is no mailbox name to keep.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    const undotted = local.replace(/\./g, '');
    if (undotted !== '') local = undotted;
  }
  return `${local}@${domain}`;
}
