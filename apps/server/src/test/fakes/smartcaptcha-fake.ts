/**
 * A local stand-in for Yandex SmartCaptcha's validate endpoint (`POST /validate`,
 * x-www-form-urlencoded `secret`, `token`, `ip`; JSON `{ status, message, host? }`), as its
 * documentation describes it. Tokens it was told about pass once each; any other is "failed" with
 * Yandex's message, and a wrong secret is refused as Yandex refuses it.
 */
import { type FakeServer, startFakeServer } from './fake-server';

export interface SmartCaptchaFake extends FakeServer {
  /** The validate URL to configure (SMARTCAPTCHA_URL). */
  url: string;
  /** A token the widget would have handed out to a human; valid once. */
  issue(): string;
}

export async function startSmartCaptchaFake(secret: string): Promise<SmartCaptchaFake> {
  const valid = new Set<string>();
  let issued = 0;
  const server = await startFakeServer((req) => {
    if (req.method !== 'POST' || !req.path.startsWith('/validate'))
      return { status: 404, body: { message: 'not found' } };
    const form = new URLSearchParams(req.body);
    if (form.get('secret') !== secret) {
      return { status: 200, body: { status: 'failed', message: 'Authentication failed. Secret has not provided.' } };
    }
    const token = form.get('token') ?? '';
    if (!valid.delete(token)) return { status: 200, body: { status: 'failed', message: 'Token invalid or expired.' } };
    return { status: 200, body: { status: 'ok', message: '', host: '127.0.0.1' } };
  });
  return {
    ...server,
    url: `${server.origin}/validate`,
    issue() {
      const token = `dD0x${++issued}${Math.random().toString(36).slice(2)}`;
      valid.add(token);
      return token;
    },
  };
}
