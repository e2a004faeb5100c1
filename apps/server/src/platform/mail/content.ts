/** What a feature gives the mail layout (`layout.ts`): its words and parts, never markup. */
import type { Language } from '@atelier/shared';

export interface MailContent {
  lang: Language;
  subject: string;
  /** "Здравствуйте, Анна!", the first line, a little larger. */
  greeting?: string;
  /** Paragraphs in order; an array is one block of lines written one under another. */
  blocks: (string | string[])[];
  /**
   * Lines of an order or a cart: name, an optional detail under it ("× 2"), the amount, and its
   * picture (an absolute URL: a mail is read away from the site) shown beside it in the HTML.
   */
  items?: { name: string; detail?: string; amount: string; image?: string }[];
  /** Sums under the items; `strong` marks the total. */
  totals?: { label: string; value: string; strong?: boolean }[];
  /** Blocks after the items (a payment method, a tracking number). */
  after?: (string | string[])[];
  /** A code to type, shown big on its own line. */
  code?: string;
  /** Buttons, the first one the main; the text version writes each as "label: url". */
  actions?: { label: string; url: string }[];
  /** Small print after the buttons. */
  footer?: string;
  /**
   * The way out of a kind of mail (back-in-stock notices, reminders), last before the signature:
   * "text" and a small link; the text version writes "text label: url".
   */
  unsubscribe?: { text: string; label: string; url: string };
}

/** What the layout takes from the shop's settings. */
export interface MailBrand {
  /** The shop's contact address (the mail's Reply-To); null: the mail does not invite an answer. */
  replyTo: string | null;
}
