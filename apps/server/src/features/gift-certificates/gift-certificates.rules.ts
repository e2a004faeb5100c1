/**
 * The rules of gift certificates that need no database (gift-certificates.rules.test.ts): a new
 * code, when a chosen delivery day's mail may go out, how much of an order a balance pays.
 */
import { randomInt } from 'node:crypto';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH } from '@atelier/shared';

/** A new code: 16 symbols drawn uniformly (crypto) from the 32-letter alphabet, stored without dashes. */
export function newGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i += 1) code += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  return code;
}

/** Hour of the day (shop time) a mail chosen for a later day goes out: a gift arrives in the morning. */
export const DELIVERY_HOUR = 9;

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant it is `hour`:00 on `date` (YYYY-MM-DD) in `timeZone`. */
export function zonedTime(date: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change between).
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

/**
 * From when the recipient's mail may go out: on the chosen day at DELIVERY_HOUR (shop time), or at
 * once (the start of the day) when that day is today, so a gift for today leaves as soon as it is paid.
 */
export function deliverAtFor(date: string, today: string, timeZone: string): Date {
  return zonedTime(date, date <= today ? 0 : DELIVERY_HOUR, timeZone);
}

/** What a balance pays of an amount due (same currency, minor units): all of it, or the whole balance. */
export function amountToSpend(balanceMinor: number, dueMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, dueMinor));
}
