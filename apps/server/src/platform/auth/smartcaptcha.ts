/**
 * Yandex SmartCaptcha, checked by the server (docs/decisions/0097): the widget's one-time token is
 * POSTed to the validate endpoint as `x-www-form-urlencoded` `secret`, `token` and `ip`; the reply
 * is JSON `{ status: "ok" | "failed", message, host? }`. Yandex advises treating an HTTP error as
 * "ok" so users are not delayed; the shop does not (the check exists against scripted sign-ups):
 * no verdict — a network error, a timeout, a non-200 or an unreadable reply — is `unavailable`.
 */

/** Where the registration form's widget comes from (added to the CSP only when configured). */
const WIDGET_ORIGIN = 'https://smartcaptcha.yandexcloud.net';
export const SMARTCAPTCHA_SOURCES = {
  scriptSrc: [WIDGET_ORIGIN],
  frameSrc: [WIDGET_ORIGIN],
  connectSrc: [WIDGET_ORIGIN],
};

export type SmartCaptchaVerdict = 'ok' | 'failed' | 'unavailable';

export interface SmartCaptchaVerifier {
  verify(token: string, ip: string): Promise<SmartCaptchaVerdict>;
}

export interface SmartCaptchaOptions {
  serverKey: string;
  /** The validate endpoint, e.g. https://smartcaptcha.yandexcloud.net/validate. */
  url: string;
  timeoutMs?: number;
}

export function createSmartCaptcha({ serverKey, url, timeoutMs = 5_000 }: SmartCaptchaOptions): SmartCaptchaVerifier {
  return {
    async verify(token, ip) {
      let reply: Response;
      try {
        reply = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: serverKey, token, ip }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return 'unavailable';
      }
      if (reply.status !== 200) return 'unavailable';
      const body = (await reply.json().catch(() => null)) as { status?: unknown } | null;
      if (body?.status === 'ok') return 'ok';
      if (body?.status === 'failed') return 'failed';
      return 'unavailable';
    },
  };
}
