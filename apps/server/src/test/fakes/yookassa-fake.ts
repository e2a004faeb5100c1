/**
 * A local stand-in for the YooKassa API v3 endpoints our driver calls: POST /v3/payments (Basic
 * auth, Idempotence-Key, `payment_method_data` of the documented types within their amount limits,
 * `redirect` or — SBP and SberPay — `qr` confirmation, the `receipt` object), GET /v3/payments/{id},
 * POST /v3/receipts (a receipt of its own, e.g. the completion receipt of prepaid goods) and
 * POST /v3/refunds, with YooKassa's error body shape ({ type: "error", code, description,
 * parameter }). Receipts are checked as YooKassa documents (yookassa-receipt-checks.ts): with
 * receipts on in the shop (`receipts: '54fz' | 'self_employed'`) a payment without one is refused,
 * and a receipt sent anyway is checked in every mode. Tests move a payment to succeeded/canceled
 * and build the notification YooKassa would POST.
 */
import { randomUUID } from 'node:crypto';
import { decimalToMinor } from '../../platform/payments/provider';
import { basicAuth, type FakeServer, parseJson, startFakeServer } from './fake-server';
import { checkReceipt, checkReceiptRequest, type FakeReceiptMode } from './yookassa-receipt-checks';

/**
 * `payment_method_data.type`s as YooKassa documents them, with each one's amount limits in
 * kopecks ("Лимиты" of the method's page) and whether it has the `qr` confirmation.
 */
const METHOD_TYPES: Record<string, { min: number; max: number; qr: boolean }> = {
  bank_card: { min: 100, max: 350_000_00, qr: false },
  sbp: { min: 100, max: 700_000_00, qr: true },
  sberbank: { min: 100, max: 700_000_00, qr: true },
  tinkoff_bank: { min: 100, max: 700_000_00, qr: false },
  sber_bnpl: { min: 1_000_00, max: 150_000_00, qr: false },
  installments: { min: 3_000_00, max: 150_000_00, qr: false },
  yoo_money: { min: 100, max: 250_000_00, qr: false },
};

interface FakePaymentMethod {
  type: string;
  id: string;
  saved: false;
  /** SBP, once paid: the payer's bank (YooKassa adds it to a succeeded SBP payment). */
  payer_bank_details?: { bank_id: string; bic: string };
  sbp_operation_id?: string;
}

interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation:
    | { type: 'redirect'; confirmation_url: string; return_url: string }
    | { type: 'qr'; confirmation_data: string };
  /** Set when the request named a method; YooKassa's own page sets it once the buyer chooses. */
  payment_method?: FakePaymentMethod;
  /** canceled: why (`expired_on_confirmation` when the time to pay ran out). */
  cancellation_details?: { party: string; reason: string };
  description?: string;
  metadata?: Record<string, string>;
  receipt?: unknown;
  /** Set when the payment carried a receipt: pending until paid, then succeeded. */
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
  created_at: string;
  test: true;
}

interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  receipt?: unknown;
  receipt_registration?: 'pending';
  created_at: string;
}

interface FakeReceipt {
  id: string;
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  status: 'pending';
  items: unknown[];
  settlements: unknown[];
  tax_system_code?: number;
}

export interface YookassaFake extends FakeServer {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  receipts: Map<string, FakeReceipt>;
  /** What the shop has switched on in its YooKassa profile. */
  setReceiptMode(mode: FakeReceiptMode | 'off'): void;
  setStatus(id: string, status: FakePayment['status'], reason?: string): void;
  /** Makes the API report another amount for a payment (to test the amount check). */
  setAmount(id: string, value: string, currency?: string): void;
  /** The body YooKassa POSTs to the notification URL. */
  notification(id: string, event: 'payment.succeeded' | 'payment.canceled'): string;
}

const error = (status: number, code: string, description: string, parameter?: string) => ({
  status,
  body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
});

export async function startYookassaFake(options: { receipts?: FakeReceiptMode | 'off' } = {}): Promise<YookassaFake> {
  const shopId = '123456';
  const secretKey = 'test_secret_key';
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const receipts = new Map<string, FakeReceipt>();
  /** Idempotence-Key → the reply given to it (YooKassa answers a repeated key with the same object). */
  const replies = new Map<string, { status: number; body: unknown }>();
  let receiptMode = options.receipts ?? 'off';
  let origin = '';

  const idempotent = (
    req: { path: string; headers: Record<string, unknown> },
    create: () => { status: number; body?: unknown },
  ) => {
    const key = req.headers['idempotence-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
      return error(400, 'invalid_request', 'Idempotence key is missing or too long', 'Idempotence-Key');
    }
    const seen = replies.get(`${req.path} ${key}`);
    if (seen) return seen;
    const reply = create();
    const kept = { status: reply.status, body: reply.body };
    replies.set(`${req.path} ${key}`, kept);
    return kept;
  };

  const server = await startFakeServer((req) => {
    const creds = basicAuth(req.headers);
    if (!creds || creds[0] !== shopId || creds[1] !== secretKey) {
      return error(401, 'invalid_credentials', 'Login or password is incorrect');
    }
    if (req.method === 'POST' && req.path === '/v3/payments') return idempotent(req, () => createPayment(req.body));
    if (req.method === 'POST' && req.path === '/v3/refunds') return idempotent(req, () => createRefund(req.body));
    if (req.method === 'POST' && req.path === '/v3/receipts') return idempotent(req, () => createReceipt(req.body));
    const m = /^\/v3\/payments\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const payment = payments.get(decodeURIComponent(m[1]!));
      return payment ? { status: 200, body: payment } : error(404, 'not_found', 'Payment not found');
    }
    return error(404, 'not_found', 'Unknown endpoint');
  });
  origin = server.origin;

  function createPayment(raw: string) {
    const body = parseJson(raw) as {
      amount?: { value?: unknown; currency?: unknown };
      capture?: unknown;
      payment_method_data?: { type?: unknown };
      confirmation?: { type?: unknown; return_url?: unknown };
      description?: string;
      metadata?: Record<string, string>;
      receipt?: unknown;
    } | null;
    if (!body) return error(400, 'invalid_request', 'Request body is not JSON');
    if (typeof body.amount?.value !== 'string' || !/^\d+(\.\d{2})?$/.test(body.amount.value)) {
      return error(400, 'invalid_request', 'Invalid amount value', 'amount.value');
    }
    if (body.amount.currency !== 'RUB')
      return error(400, 'invalid_request', 'Currency not supported', 'amount.currency');
    const methodData = body.payment_method_data;
    const type = methodData === undefined ? null : methodData?.type;
    const method = typeof type === 'string' ? METHOD_TYPES[type] : undefined;
    if (type !== null && !method) {
      return error(400, 'invalid_request', 'Unknown payment method type', 'payment_method_data.type');
    }
    const minor = decimalToMinor(body.amount.value);
    if (method && (minor < method.min || minor > method.max)) {
      return error(400, 'invalid_request', 'Amount is outside the limits of this payment method', 'amount.value');
    }
    // SBP cannot be paid in two stages.
    if (type === 'sbp' && body.capture !== true) {
      return error(400, 'invalid_request', 'Two-stage payments are not available for this method', 'capture');
    }
    const confirmationType = body.confirmation?.type;
    if (confirmationType === 'qr') {
      if (!method?.qr) {
        return error(400, 'invalid_request', 'QR confirmation is not available for this method', 'confirmation.type');
      }
    } else if (confirmationType !== 'redirect' || typeof body.confirmation?.return_url !== 'string') {
      return error(400, 'invalid_request', 'Redirect confirmation needs return_url', 'confirmation.return_url');
    }
    if (body.receipt !== undefined || receiptMode !== 'off') {
      const bad = checkReceipt(body.receipt, receiptMode === 'off' ? '54fz' : receiptMode, {
        minor: decimalToMinor(body.amount.value),
        currency: 'RUB',
      });
      if (bad) return error(400, 'invalid_request', bad.description, bad.parameter);
    }
    const id = randomUUID();
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: { value: body.amount.value, currency: 'RUB' },
      confirmation:
        confirmationType === 'qr'
          ? {
              type: 'qr',
              confirmation_data: `https://qr.nspk.ru/AS1${id.replace(/-/g, '').slice(0, 29).toUpperCase()}?type=02&bank=100000000111&sum=${minor}&cur=RUB&crc=AB75`,
            }
          : {
              type: 'redirect',
              confirmation_url: `${origin}/checkout/payments/v2/contract?orderId=${id}`,
              return_url: body.confirmation!.return_url as string,
            },
      ...(typeof type === 'string' ? { payment_method: { type, id, saved: false as const } } : {}),
      ...(body.description ? { description: body.description } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
      ...(body.receipt ? { receipt: body.receipt, receipt_registration: 'pending' as const } : {}),
      created_at: new Date().toISOString(),
      test: true,
    };
    payments.set(id, payment);
    return { status: 200, body: payment };
  }

  function createRefund(raw: string) {
    const body = parseJson(raw) as {
      payment_id?: unknown;
      amount?: { value?: unknown; currency?: unknown };
      receipt?: unknown;
    } | null;
    if (!body) return error(400, 'invalid_request', 'Request body is not JSON');
    const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
    if (!payment) return error(400, 'invalid_request', 'Payment not found', 'payment_id');
    if (payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    const value = typeof body.amount?.value === 'string' ? decimalToMinor(body.amount.value) : Number.NaN;
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_id === payment.id)
      .reduce((sum, r) => sum + decimalToMinor(r.amount.value), 0);
    const paid = decimalToMinor(payment.amount.value);
    if (!Number.isFinite(value) || value <= 0 || value > paid - refunded) {
      return error(400, 'invalid_request', 'Invalid refund amount', 'amount.value');
    }
    if (body.amount?.currency !== payment.amount.currency) {
      return error(400, 'invalid_request', 'Currency does not match the payment', 'amount.currency');
    }
    // A partial refund must say what goes back; a full one may leave it to YooKassa.
    if (body.receipt !== undefined || (receiptMode !== 'off' && value !== paid)) {
      const bad = checkReceipt(body.receipt, receiptMode === 'off' ? '54fz' : receiptMode, {
        minor: value,
        currency: payment.amount.currency,
      });
      if (bad) return error(400, 'invalid_request', bad.description, bad.parameter);
    }
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: body.amount.value as string, currency: payment.amount.currency },
      ...(body.receipt ? { receipt: body.receipt, receipt_registration: 'pending' as const } : {}),
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function createReceipt(raw: string) {
    const body = parseJson(raw);
    const bad = checkReceiptRequest(body, (type, id) => {
      const found = type === 'payment' ? payments.get(id) : refunds.get(id);
      return found ? { currency: found.amount.currency, succeeded: found.status === 'succeeded' } : null;
    });
    if (bad) return error(400, 'invalid_request', bad.description, bad.parameter);
    const request = body as unknown as FakeReceipt & { payment_id?: string; refund_id?: string };
    const receipt: FakeReceipt = {
      id: randomUUID(),
      type: request.type,
      ...(request.payment_id ? { payment_id: request.payment_id } : {}),
      ...(request.refund_id ? { refund_id: request.refund_id } : {}),
      status: 'pending',
      items: request.items,
      settlements: request.settlements,
      ...(request.tax_system_code ? { tax_system_code: request.tax_system_code } : {}),
    };
    receipts.set(receipt.id, receipt);
    return { status: 200, body: receipt };
  }

  return Object.assign(server, {
    apiUrl: `${server.origin}/v3`,
    shopId,
    secretKey,
    payments,
    refunds,
    receipts,
    setReceiptMode(mode: FakeReceiptMode | 'off') {
      receiptMode = mode;
    },
    setStatus(id: string, status: FakePayment['status'], reason = 'expired_on_confirmation') {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      p.status = status;
      if (status === 'canceled') p.cancellation_details = { party: 'yoo_money', reason };
      // A paid SBP payment names the payer's bank.
      if (status === 'succeeded' && p.payment_method?.type === 'sbp') {
        p.payment_method.payer_bank_details = { bank_id: '100000000111', bic: '044525225' };
        p.payment_method.sbp_operation_id = `A${p.id.replace(/-/g, '').slice(0, 31).toUpperCase()}`;
      }
      p.paid = status === 'succeeded' || status === 'waiting_for_capture';
      if (p.receipt_registration)
        p.receipt_registration = status === 'canceled' ? 'canceled' : status === 'succeeded' ? 'succeeded' : 'pending';
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
