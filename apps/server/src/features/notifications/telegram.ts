/**
 * The one Telegram Bot API call the shop makes: `POST {api}/bot{token}/sendMessage` with
 * `{ chat_id, text }`. The API answers `{ ok: true, result }` or `{ ok: false, description }`
 * (also with a 4xx/5xx status); both the error answer and a timeout become a thrown Error whose
 * message never contains the token.
 */
export interface TelegramConfig {
  botToken: string;
  chatId: string;
  apiUrl: string;
  timeoutMs: number;
}

export class TelegramError extends Error {}

export async function sendTelegramMessage(config: TelegramConfig, text: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/bot${config.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Telegram rejects texts over 4096 characters; a notice is far shorter, the cut is a guard.
      body: JSON.stringify({ chat_id: config.chatId, text: text.slice(0, 4096), disable_web_page_preview: true }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new TelegramError(timedOut ? `timed out after ${config.timeoutMs} ms` : 'network error');
  }
  const body = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
  if (!response.ok || body?.ok !== true) {
    throw new TelegramError(`HTTP ${response.status}: ${String(body?.description ?? 'no description').slice(0, 300)}`);
  }
}
