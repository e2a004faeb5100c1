/**
 * A tiny HTTP server on 127.0.0.1 for the provider fakes: records requests, and can be told to
 * answer the next request(s) with an error or to stall (for timeout tests).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  /** A non-JSON reply (a PDF, a page): sent as it is, with its content type. */
  raw?: { contentType: string; data: Buffer };
  /** Headers of its own (a redirect's Location). */
  headers?: Record<string, string>;
}

export type FakeHandler = (req: RecordedRequest) => FakeReply;

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: RecordedRequest[];
  /** The next `count` requests whose path contains `pathPart` get this reply instead. */
  failNext(reply: FakeReply, options?: { pathPart?: string; count?: number }): void;
  /** Every reply waits this long first (0 = off). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeServer(handler: FakeHandler, options: { port?: number } = {}): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const failures: { reply: FakeReply; pathPart: string; left: number }[] = [];
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const failure = failures.find((f) => f.left > 0 && recorded.path.includes(f.pathPart));
      let reply: FakeReply;
      if (failure) {
        failure.left -= 1;
        reply = failure.reply;
      } else {
        try {
          reply = handler(recorded);
        } catch (error) {
          reply = { status: 500, body: { message: (error as Error).message } };
        }
      }
      const send = () => {
        timers.delete(timer);
        if (res.destroyed) return;
        if (reply.raw) {
          res.writeHead(reply.status, { ...reply.headers, 'content-type': reply.raw.contentType });
          res.end(reply.raw.data);
          return;
        }
        const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
        res.writeHead(reply.status, { ...reply.headers, 'content-type': 'application/json' });
        res.end(text);
      };
      const timer = setTimeout(send, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    failNext(reply, options = {}) {
      failures.push({ reply, pathPart: options.pathPart ?? '', left: options.count ?? 1 });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function basicAuth(headers: IncomingMessage['headers']): [string, string] | null {
  const m = /^Basic\s+(.+)$/i.exec(String(headers.authorization ?? ''));
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
}

export function parseJson(body: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(body);
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}
