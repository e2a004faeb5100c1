/**
 * The one way journeys (and the bench) talk to the HTTP API without a browser: JSON calls with a
 * bearer token, accounts made through register + the code from /dev/mail, sessions by login, and
 * the checkout body. `base` is the origin of the server to ask: `baseUrl()` for the run's shared
 * server, a file's own server (`useOwnServer`), or a process the journey started itself.
 */
import { readMailbox } from './dev-mail';
import { MAIL_TIMEOUT, REQUEST_TIMEOUT } from './timeouts';

export const BUYER_PASSWORD = 'Silk-Peony-2024';

export interface CallInit {
  token?: string;
  /** Default: POST with a body, GET without. */
  method?: string;
  body?: unknown;
  /** Accept-Language of the reply's messages; default ru. */
  lang?: string;
}

export interface Envelope<T> {
  data: T;
  meta?: { total: number };
  message?: string;
}

/** One API call; resolves with the whole success envelope, throws with the answer on an error status. */
export async function call<T>(base: string, path: string, init: CallInit = {}): Promise<Envelope<T>> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'Accept-Language': init.lang ?? 'ru',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json as Envelope<T>;
}

/** One API call; resolves with its `data`. */
export async function apiData<T>(base: string, path: string, init: CallInit = {}): Promise<T> {
  return (await call<T>(base, path, init)).data;
}

/** "7 + 5", "12 − 4" (Unicode or ASCII minus), "3 × 4" → the number. */
export function solveCaptcha(question: string): number {
  const match = /(-?\d+)\s*([+\-−×x*])\s*(-?\d+)/.exec(question);
  if (!match) throw new Error(`cannot read the captcha question "${question}"`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  switch (match[2]) {
    case '+':
      return a + b;
    case '×':
    case 'x':
    case '*':
      return a * b;
    default:
      return a - b;
  }
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

interface LegalSummary {
  kind: string;
  language: string;
  version: number;
}

/**
 * The `consents` a form sends for `kinds`: the versions in force in Russian, as the server says
 * (`GET /legal?lang=ru`), so a journey keeps working after an admin publishes a new version.
 */
export async function consentsInForce(base: string, kinds: string[]): Promise<LegalSummary[]> {
  const documents = await apiData<LegalSummary[]>(base, '/legal?lang=ru');
  return kinds.map((kind) => {
    const document = documents.find((d) => d.kind === kind);
    if (!document) throw new Error(`no legal document ${kind}`);
    return { kind, language: document.language, version: document.version };
  });
}

/** Registers through the API (the captcha solved as a person would) without verifying. */
export async function register(base: string, account: NewAccount, lang = 'ru'): Promise<void> {
  const { captchaId, question } = await apiData<{ captchaId: string; question: string }>(base, '/auth/captcha');
  const consents = await consentsInForce(base, ['agreement', 'personal-data']);
  await apiData(base, '/auth/register', {
    body: { ...account, captchaId, captchaAnswer: solveCaptcha(question), consents },
    lang,
  });
}

/**
 * The 6-digit code of the newest mail to `email` on /dev/mail (polled). Each process writes the mails
 * its own outbox worker sends, so with several instances on one database every one of them is asked.
 */
export async function mailedCode(bases: string | string[], email: string, timeoutMs = MAIL_TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const base of [bases].flat()) {
      const mail = (await readMailbox(base)).find((m) => m.to.toLowerCase().includes(email.toLowerCase()));
      if (mail?.codes[0]) return mail.codes[0];
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A customer with a confirmed address, made as a person would (register, the code from the mail,
 * verify): the account with its session token. `account`: an email alone, or the whole account.
 */
export async function verifiedUser(
  base: string,
  account: string | NewAccount,
  mailBases: string[] = [base],
): Promise<NewAccount & { token: string }> {
  const full =
    typeof account === 'string' ? { name: 'Анна Покупатель', email: account, password: BUYER_PASSWORD } : account;
  await register(base, full);
  const code = await mailedCode(mailBases, full.email);
  const { token } = await apiData<{ token: string }>(base, '/auth/verify-email', { body: { email: full.email, code } });
  return { ...full, token };
}

/** A session for a known account (the admin of a server, a customer made earlier). */
export async function login(base: string, credentials: { email: string; password: string }): Promise<string> {
  return (await apiData<{ token: string }>(base, '/auth/login', { body: credentials })).token;
}

/**
 * A checkout body for `lines`, card payment, courier pickup (the fields the order form sends),
 * with the personal-data consent to the first version (a journey that publishes a newer one
 * passes the consents in force: `consentsInForce`).
 */
export function orderBody(
  lines: { type: 'product'; id: string; quantity: number }[],
  email: string,
  consents: LegalSummary[] = [{ kind: 'personal-data', language: 'ru', version: 1 }],
) {
  return {
    items: lines,
    customer: { firstName: 'Анна', lastName: 'Иванова', email, phone: '+7 912 345-67-89' },
    delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
    paymentMethod: 'card',
    currency: 'RUB',
    acceptTerms: true,
    consents,
  };
}

/**
 * Pays an order by card on the demo sandbox as its buyer would: starts the payment, then presses
 * "Pay" on the sandbox's page (its form post). The sandbox answers 303 back to the shop.
 */
export async function payOnSandbox(base: string, token: string, orderId: string): Promise<void> {
  const start = await apiData<{ redirectUrl: string }>(base, '/payments', { token, body: { orderId } });
  const sandbox = new URL(start.redirectUrl, base);
  const paid = await fetch(new URL(`${sandbox.pathname}/pay`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ signature: sandbox.searchParams.get('signature') ?? '' }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  if (paid.status !== 303) throw new Error(`the sandbox refused the payment: ${paid.status}`);
}

/** POST /api/orders; the status and the order id (when 201), never a throw for an error status. */
export async function placeOrder(
  base: string,
  token: string,
  body: ReturnType<typeof orderBody>,
): Promise<{ status: number; id?: string; code?: string; raw: string }> {
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
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
