import { useEffect, useRef } from 'react';

/**
 * Yandex SmartCaptcha's widget, rendered only when the server names a client key: its script is
 * loaded then and never otherwise (docs/decisions/0097). `onToken` gets the one-time token the
 * server verifies, or '' when it expired; a new `round` resets the widget for the next try.
 */
interface SmartCaptchaApi {
  render(container: HTMLElement, params: { sitekey: string; hl?: string; callback?: (token: string) => void }): number;
  reset(widgetId?: number): void;
  destroy(widgetId?: number): void;
}
declare global {
  interface Window {
    smartCaptcha?: SmartCaptchaApi;
  }
}

const SCRIPT = 'https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload=__atelierSmartCaptcha';
let loading: Promise<SmartCaptchaApi> | null = null;

function loadSmartCaptcha(): Promise<SmartCaptchaApi> {
  if (window.smartCaptcha) return Promise.resolve(window.smartCaptcha);
  loading ??= new Promise<SmartCaptchaApi>((resolve, reject) => {
    const global = window as unknown as Record<string, unknown>;
    global.__atelierSmartCaptcha = () => (window.smartCaptcha ? resolve(window.smartCaptcha) : reject(new Error()));
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('SmartCaptcha did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export function SmartCaptcha({
  sitekey,
  language,
  round,
  onToken,
  onUnavailable,
}: {
  sitekey: string;
  language: string;
  round: number;
  onToken: (token: string) => void;
  onUnavailable: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: SmartCaptchaApi; id: number } | null>(null);
  const handlers = useRef({ onToken, onUnavailable });
  handlers.current = { onToken, onUnavailable };

  useEffect(() => {
    let cancelled = false;
    loadSmartCaptcha()
      .then((api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey,
          hl: language,
          callback: (token) => handlers.current.onToken(token),
        });
        widget.current = { api, id };
      })
      .catch(() => handlers.current.onUnavailable());
    return () => {
      cancelled = true;
      widget.current?.api.destroy(widget.current.id);
      widget.current = null;
    };
  }, [sitekey, language]);

  useEffect(() => {
    if (round === 0) return;
    handlers.current.onToken('');
    widget.current?.api.reset(widget.current.id);
  }, [round]);

  return <div ref={container} className="min-h-[102px]" />;
}
