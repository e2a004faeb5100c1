/**
 * A local stand-in for the Telegram Bot API's sendMessage, as documented at
 * core.telegram.org/bots/api: `POST /bot<token>/sendMessage` with JSON `{ chat_id, text }`;
 * success `{ ok: true, result: Message }`, failure `{ ok: false, error_code, description }`
 * with the same HTTP status (401 for a wrong token, 400 for a bad chat or an empty text).
 */
import { type FakeServer, parseJson, startFakeServer } from './fake-server';

export interface TelegramFake extends FakeServer {
  /** Texts delivered to each chat, in order. */
  messages: { chatId: string; text: string }[];
}

export async function startTelegramFake(options: { token: string; chatId: string }): Promise<TelegramFake> {
  const messages: { chatId: string; text: string }[] = [];
  let nextId = 1;
  const server = await startFakeServer((req) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.path);
    if (req.method !== 'POST' || !match) {
      return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    }
    if (match[1] !== options.token) {
      return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    const body = parseJson(req.body);
    const chatId = body ? String(body.chat_id ?? '') : '';
    const text = body && typeof body.text === 'string' ? body.text : '';
    if (chatId !== options.chatId) {
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } };
    }
    if (text.trim() === '') {
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } };
    }
    messages.push({ chatId, text });
    const messageId = nextId++;
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId) || chatId, type: 'private' },
          text,
        },
      },
    };
  });
  return Object.assign(server, { messages });
}
