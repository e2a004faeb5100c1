/**
 * A local stand-in for the YooKassa API v3 endpoints our driver calls: POST /v3/payments (Basic
 * auth, Idempotence-Key, redirect confirmation) and GET /v3/payments/{id}, with YooKassa's error
 * body shape ({ type: "error", code, description, parameter }). Tests move a payment to
 * succeeded/canceled and build the notification YooKassa would POST.
 */
import { randomUUID } from 'node:crypto';
import { basicAuth, type FakeServer, parseJson, startFakeServer } from './fake-server';

interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  description?: string;
  metadata?: Record<string, string>;
  created_at: string;
  test: true;
}

export interface YookassaFake extends FakeServer {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  setStatus(id: string, status: FakePayment['status']): void;
  /** Makes the API report another amount for a payment (to test the amount check). */
  setAmount(id: string, value: string, currency?: string): void;
  /** The body YooKassa POSTs to the notification URL. */
  notification(id: string, event: 'payment.succeeded' | 'payment.canceled'): string;
}

const error = (status: number, code: string, description: string, parameter?: string) => ({
  status,
  body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
});

export async function startYookassaFake(): Promise<YookassaFake> {
  const shopId = '123456';
  const secretKey = 'test_secret_key';
  const payments = new Map<string, FakePayment>();
  const byIdempotenceKey = new Map<string, string>();
  let origin = '';

  const server = await startFakeServer((req) => {
    const creds = basicAuth(req.headers);
    if (!creds || creds[0] !== shopId || creds[1] !== secretKey) {
      return error(401, 'invalid_credentials', 'Login or password is incorrect');
    }
    if (req.method === 'POST' && req.path === '/v3/payments') {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        return error(400, 'invalid_request', 'Idempotence key is missing or too long', 'Idempotence-Key');
      }
      const existing = byIdempotenceKey.get(key);
      if (existing) return { status: 200, body: payments.get(existing) };
      const body = parseJson(req.body) as {
        amount?: { value?: unknown; currency?: unknown };
        capture?: unknown;
        confirmation?: { type?: unknown; return_url?: unknown };
        description?: string;
        metadata?: Record<string, string>;
      } | null;
      if (!body) return error(400, 'invalid_request', 'Request body is not JSON');
      if (typeof body.amount?.value !== 'string' || !/^\d+(\.\d{2})?$/.test(body.amount.value)) {
        return error(400, 'invalid_request', 'Invalid amount value', 'amount.value');
      }
      if (body.amount.currency !== 'RUB')
        return error(400, 'invalid_request', 'Currency not supported', 'amount.currency');
      if (body.confirmation?.type !== 'redirect' || typeof body.confirmation.return_url !== 'string') {
        return error(400, 'invalid_request', 'Redirect confirmation needs return_url', 'confirmation.return_url');
      }
      const id = randomUUID();
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value: body.amount.value, currency: 'RUB' },
        confirmation: {
          type: 'redirect',
          confirmation_url: `${origin}/checkout/payments/v2/contract?orderId=${id}`,
          return_url: body.confirmation.return_url,
        },
        ...(body.description ? { description: body.description } : {}),
        ...(body.metadata ? { metadata: body.metadata } : {}),
        created_at: new Date().toISOString(),
        test: true,
      };
      payments.set(id, payment);
      byIdempotenceKey.set(key, id);
      return { status: 200, body: payment };
    }
    const m = /^\/v3\/payments\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      return payment ? { status: 200, body: payment } : error(404, 'not_found', 'Payment not found');
    }
    return error(404, 'not_found', 'Unknown endpoint');
  });
  origin = server.origin;

  return Object.assign(server, {
    apiUrl: `${server.origin}/v3`,
    shopId,
    secretKey,
    payments,
    setStatus(id: string, status: FakePayment['status']) {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      p.status = status;
      p.paid = status === 'succeeded' || status === 'waiting_for_capture';
    },
    setAmount(id: string, value: string, currency = 'RUB') {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      p.amount = { value, currency };
    },
    notification(id: string, event: 'payment.succeeded' | 'payment.canceled') {
      const p = payments.get(id);
      return JSON.stringify({ type: 'notification', event, object: p ?? { id } });
    },
  });
}
