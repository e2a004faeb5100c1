/**
 * The HTTP API as a script (not a browser) uses it: JSON calls with a bearer token, the verification
 * code read from the dev mail page, and a verified buyer made through register + verify-email.
 * Used by the journeys that drive built server processes directly (crash, two instances).
 */
import { solveCaptcha } from './accounts';

export const BUYER_PASSWORD = 'Silk-Peony-2024';

export async function call<T>(base: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json().catch(() => null)) as { data?: T; meta?: { total: number } } | null;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json as { data: T; meta?: { total: number } };
}

/**
 * The 6-digit code of the newest mail to `email` on /dev/mail. Each process writes the mails its
 * own outbox worker sends, so with several instances on one database every one of them is asked.
 */
export async function mailedCode(bases: string | string[], email: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const base of [bases].flat()) {
      const html = await (await fetch(`${base}/dev/mail`)).text();
      const article = html.split('<article>').find((a) => a.includes(email));
      const code = article && /class="code">(\d{6})</.exec(article)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** Registers `email` through `base` and verifies it; returns the session token. */
export async function verifiedUser(base: string, email: string, mailBases: string[] = [base]): Promise<string> {
  const { data: captcha } = await call<{ captchaId: string; question: string }>(base, '/auth/captcha');
  await call(base, '/auth/register', {
    body: {
      name: 'Crash Buyer',
      email,
      password: BUYER_PASSWORD,
      captchaId: captcha.captchaId,
      captchaAnswer: solveCaptcha(captcha.question),
    },
  });
  const code = await mailedCode(mailBases, email);
  return (await call<{ token: string }>(base, '/auth/verify-email', { body: { email, code } })).data.token;
}

/** A checkout body for `lines`, card payment, courier pickup (the fields the order form sends). */
export function orderBody(lines: { type: 'product'; id: string; quantity: number }[], email: string) {
  return {
    items: lines,
    customer: { firstName: 'Анна', lastName: 'Иванова', email, phone: '+7 912 345-67-89' },
    delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
    paymentMethod: 'card',
    currency: 'RUB',
    acceptTerms: true,
  };
}

/** POST /api/orders; the status and the order id (when 201), or the thrown network error. */
export async function placeOrder(
  base: string,
  token: string,
  body: ReturnType<typeof orderBody>,
): Promise<{ status: number; id?: string; code?: string; raw: string }> {
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const raw = await res.text();
  type Body = { code?: string; data?: { order?: { id: string } } };
  let json: Body | undefined;
  try {
    json = JSON.parse(raw) as Body;
  } catch {
    // Not JSON: kept in `raw` for the failure message.
  }
  return { status: res.status, id: json?.data?.order?.id, code: json?.code, raw: raw.slice(0, 300) };
}

/** One API call as the web makes it (any method, Russian messages); resolves with `data`, throws on an error status. */
export async function apiData<T>(
  base: string,
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'Accept-Language': 'ru',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}
