/**
 * The checks YooKassa documents for a receipt, so the fake answers a bad one the way the real API
 * does (400 `invalid_request` naming the parameter) and a test that sends a bad receipt fails:
 *   customer: an email or a phone (ITU-T E.164 digits);
 *   items: 1–100 for 54-FZ, 1–6 for the self-employed; each with description (1–128 characters),
 *     quantity (> 0; 54-FZ up to 3 decimals and 99999.999, self-employed a whole number), amount
 *     per unit ({ value: "0.00", currency } in the payment's currency), vat_code (1–12; the
 *     self-employed always 1), and for 54-FZ payment_subject and payment_mode from the lists;
 *   tax_system_code: 1–6 when given;
 *   the items add up (quantity × amount) to the payment's or refund's amount;
 *   POST /v3/receipts also: type payment|refund with payment_id or refund_id, send, and
 *     settlements (cashless, prepayment, postpayment, consideration) adding up to the items.
 */
import { decimalToMinor } from '../../platform/payments/provider';

export type FakeReceiptMode = '54fz' | 'self_employed';

export interface ReceiptProblem {
  description: string;
  parameter: string;
}

const PAYMENT_SUBJECTS = new Set([
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'composite',
  'another',
  'property_right',
  'non_operating_gain',
  'insurance_premium',
  'sales_tax',
  'resort_fee',
]);
const PAYMENT_MODES = new Set([
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
]);
const SETTLEMENT_TYPES = new Set(['cashless', 'prepayment', 'postpayment', 'consideration']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\d{1,15}$/;

const problem = (parameter: string, description: string): ReceiptProblem => ({ parameter, description });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function quantityOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return Number.NaN;
}

/** The amount in minor units, or a problem. */
function checkAmount(value: unknown, parameter: string, currency: string): number | ReceiptProblem {
  if (!isObject(value)) return problem(parameter, 'Amount is missing');
  const minor = typeof value.value === 'string' ? decimalToMinor(value.value) : Number.NaN;
  if (!Number.isFinite(minor) || minor < 0) return problem(`${parameter}.value`, 'Invalid amount value');
  if (value.currency !== currency) return problem(`${parameter}.currency`, 'Currency does not match the payment');
  return minor;
}

function checkCustomer(value: unknown, prefix: string): ReceiptProblem | null {
  if (!isObject(value)) return problem(`${prefix}customer`, 'Customer contact is missing: pass email or phone');
  const { email, phone } = value;
  if (email === undefined && phone === undefined) {
    return problem(`${prefix}customer`, 'Customer contact is missing: pass email or phone');
  }
  if (email !== undefined && (typeof email !== 'string' || !EMAIL_RE.test(email))) {
    return problem(`${prefix}customer.email`, 'Invalid email');
  }
  if (phone !== undefined && (typeof phone !== 'string' || !PHONE_RE.test(phone))) {
    return problem(`${prefix}customer.phone`, 'Invalid phone: ITU-T E.164 digits expected');
  }
  return null;
}

/** The items, each checked; their sum in minor units, or a problem. */
function checkItems(value: unknown, prefix: string, mode: FakeReceiptMode, currency: string): number | ReceiptProblem {
  const max = mode === 'self_employed' ? 6 : 100;
  if (!Array.isArray(value) || value.length === 0) return problem(`${prefix}items`, 'Receipt items are missing');
  if (value.length > max) return problem(`${prefix}items`, `Too many receipt items: at most ${max}`);
  let sum = 0;
  for (const [index, item] of value.entries()) {
    const at = `${prefix}items[${index}]`;
    if (!isObject(item)) return problem(at, 'Invalid receipt item');
    const { description } = item;
    if (typeof description !== 'string' || description.trim().length === 0 || description.length > 128) {
      return problem(`${at}.description`, 'Description must be 1 to 128 characters');
    }
    const quantity = quantityOf(item.quantity);
    const whole = Number.isInteger(quantity);
    if (!Number.isFinite(quantity) || quantity <= 0 || (mode === 'self_employed' ? !whole : quantity > 99999.999)) {
      return problem(`${at}.quantity`, 'Invalid quantity');
    }
    if (mode === '54fz' && Math.round(quantity * 1000) !== quantity * 1000) {
      return problem(`${at}.quantity`, 'Quantity allows at most 3 decimal places');
    }
    const amount = checkAmount(item.amount, `${at}.amount`, currency);
    if (typeof amount !== 'number') return amount;
    const vat = item.vat_code;
    if (typeof vat !== 'number' || !Number.isInteger(vat) || vat < 1 || vat > 12) {
      return problem(`${at}.vat_code`, 'Invalid vat_code');
    }
    if (mode === 'self_employed' && vat !== 1)
      return problem(`${at}.vat_code`, 'Self-employed receipts take vat_code 1');
    if (mode === '54fz') {
      if (typeof item.payment_subject !== 'string' || !PAYMENT_SUBJECTS.has(item.payment_subject)) {
        return problem(`${at}.payment_subject`, 'Invalid payment_subject');
      }
      if (typeof item.payment_mode !== 'string' || !PAYMENT_MODES.has(item.payment_mode)) {
        return problem(`${at}.payment_mode`, 'Invalid payment_mode');
      }
    }
    sum += Math.round(amount * quantity);
  }
  return sum;
}

function checkTaxSystem(value: unknown, prefix: string): ReceiptProblem | null {
  if (value === undefined) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6
    ? null
    : problem(`${prefix}tax_system_code`, 'Invalid tax_system_code');
}

/** The `receipt` of a payment or refund of `totalMinor` in `currency`; null = fine. */
export function checkReceipt(
  value: unknown,
  mode: FakeReceiptMode,
  total: { minor: number; currency: string },
): ReceiptProblem | null {
  if (!isObject(value)) return problem('receipt', 'Receipt is missing or illegal');
  const bad = checkCustomer(value.customer, 'receipt.') ?? checkTaxSystem(value.tax_system_code, 'receipt.');
  if (bad) return bad;
  const sum = checkItems(value.items, 'receipt.', mode, total.currency);
  if (typeof sum !== 'number') return sum;
  if (sum !== total.minor) {
    return problem('receipt.items', 'The sum of the receipt items does not match the amount');
  }
  return null;
}

/** The body of `POST /v3/receipts` (54-FZ); `find` answers which payment/refund it names. */
export function checkReceiptRequest(
  value: unknown,
  find: (type: 'payment' | 'refund', id: string) => { currency: string; succeeded: boolean } | null,
): ReceiptProblem | null {
  if (!isObject(value)) return problem('(body)', 'Request body is not JSON');
  if (value.type !== 'payment' && value.type !== 'refund') return problem('type', 'Invalid receipt type');
  const idField = value.type === 'payment' ? 'payment_id' : 'refund_id';
  const id = value[idField];
  const target = typeof id === 'string' ? find(value.type, id) : null;
  if (!target) return problem(idField, `Unknown ${idField}`);
  if (!target.succeeded) return problem(idField, 'The payment or refund has not succeeded');
  if (typeof value.send !== 'boolean') return problem('send', 'send is required');
  const bad = checkCustomer(value.customer, '') ?? checkTaxSystem(value.tax_system_code, '');
  if (bad) return bad;
  const items = checkItems(value.items, '', '54fz', target.currency);
  if (typeof items !== 'number') return items;
  const settlements = value.settlements;
  if (!Array.isArray(settlements) || settlements.length === 0) return problem('settlements', 'Settlements are missing');
  let settled = 0;
  for (const [index, s] of settlements.entries()) {
    if (!isObject(s) || typeof s.type !== 'string' || !SETTLEMENT_TYPES.has(s.type)) {
      return problem(`settlements[${index}].type`, 'Invalid settlement type');
    }
    const amount = checkAmount(s.amount, `settlements[${index}].amount`, target.currency);
    if (typeof amount !== 'number') return amount;
    settled += amount;
  }
  if (settled !== items) return problem('settlements', 'The settlements do not add up to the receipt items');
  return null;
}
