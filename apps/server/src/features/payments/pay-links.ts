/**
 * Payment links valid for days (docs/decisions/0083): `/pay/<token>`, mailed to the account's
 * address and shown in the account, opens a page that starts a fresh payment of the order when
 * the buyer presses Pay. The token names the order and the moment the link ends, signed with an
 * HMAC key of its own (derived from the app's signing secret): nothing is stored but the end, on
 * the order (`orders.pay_link_until`), which the link must name exactly — a link issued again
 * replaces the older one, and a database leak yields no usable link.
 *
 * Layout (36 bytes, 48 base64url characters): the order id (16 bytes), the end in Unix seconds
 * (4 bytes), the first 16 bytes of HMAC-SHA256 over both. Compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const TOKEN_BYTES = 16 + 4 + MAC_BYTES;
const TOKEN_RE = /^[A-Za-z0-9_-]{48}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PayLinkSigner {
  /** The token of the order's link ending at `until` (whole seconds). */
  token(orderId: string, until: Date): string;
  /** What a token names, or null when it is malformed or its signature is wrong. */
  read(token: string): { orderId: string; until: Date } | null;
}

/** `secret` is the app's signing secret; the links use a key derived from it for them alone. */
export function createPayLinkSigner(secret: string): PayLinkSigner {
  const key = createHmac('sha256', secret).update('atelier pay-link key v1').digest();
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  return {
    token(orderId, until) {
      if (!UUID_RE.test(orderId)) throw new Error('pay link: not an order id');
      const body = Buffer.alloc(20);
      Buffer.from(orderId.replaceAll('-', ''), 'hex').copy(body, 0);
      body.writeUInt32BE(Math.floor(until.getTime() / 1000), 16);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },
    read(token) {
      if (!TOKEN_RE.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES) return null;
      const body = bytes.subarray(0, 20);
      if (!timingSafeEqual(mac(body), bytes.subarray(20))) return null;
      const hex = body.subarray(0, 16).toString('hex');
      const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { orderId, until: new Date(body.readUInt32BE(16) * 1000) };
    },
  };
}
