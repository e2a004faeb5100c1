/**
 * The orders CSV: Excel-friendly (BOM, `;`, CRLF, RFC 4180 quoting), formula-safe, and the same
 * filters as the admin orders list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts';
import { adminUser, storedOrder, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { csvCell, toCsv } from './orders.csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Мария', 'Мария'],
    [1234, '1234'],
    [null, ''],
    ['a;b', '"a;b"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+79990000000', "'+79990000000"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://evil";"x")', `"'=HYPERLINK(""http://evil"";""x"")"`],
    ['a=b', 'a=b'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('toCsv starts with a BOM, joins with ; and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd;e'],
      ]),
    ).toBe('\uFEFFa;b\r\nc;"d;e"\r\n');
  });
});

let t: TestContext;
let admin: string;
let customer: string;
const numbers: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await verifiedUser(t, { email: 'csv-buyer@example.test', name: 'B' });
  customer = buyer.token;
  admin = (await adminUser(t, { email: 'csv-admin@example.test', name: 'A' })).token;
  const evil = await storedOrder(
    t,
    buyer.id,
    {
      status: 'confirmed',
      customer: {
        firstName: '=HYPERLINK("http://evil")',
        lastName: 'Иванова',
        email: 'evil@example.test',
        phone: '+79990000000',
      },
      delivery: { method: 'post', country: 'RU', city: 'Москва', address: 'ул. Тверская, 1', postalCode: '101000' },
      paymentMethod: 'card',
      subtotalRub: 1500_50,
      totalRub: 1500_50,
      comment: 'позвонить; "после 18"\nспасибо',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    },
    [{ type: 'product', name: { ru: 'Пион', en: 'Peony' }, unitPriceRub: 750_25, quantity: 2 }],
  );
  const olga = await storedOrder(t, buyer.id, {
    status: 'pending',
    customer: { firstName: 'Ольга', lastName: 'Петрова', email: 'olga@example.test', phone: '89990000000' },
    delivery: { method: 'pickup' },
    paymentMethod: 'cash',
    subtotalRub: 200_00,
    totalRub: 200_00,
    createdAt: new Date('2026-03-05T10:00:00Z'),
  });
  numbers.evil = evil.number;
  numbers.olga = olga.number;
});
afterAll(() => t.close());

const exportCsv = (query: string, token = admin, lang = 'ru') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/export.csv${query}`,
    headers: { ...bearer(token), 'accept-language': lang },
  });

/** Data lines (without the header), split on CRLF outside quotes is not needed: the test data's line break is quoted. */
function lines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);
}

describe('GET /api/admin/orders/export.csv', () => {
  it('is an Excel-friendly UTF-8 file: BOM, ; and CRLF, a header in the request language, an attachment', async () => {
    const res = await exportCsv('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).startsWith('Номер;Дата (UTC);Статус;')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect((await exportCsv('', admin, 'en')).body.slice(1).startsWith('Number;Date (UTC);Status;')).toBe(true);
  });

  it('quotes and neutralises what a customer typed, and writes rubles with the decimal comma', async () => {
    const body = (await exportCsv('?status=confirmed')).body;
    const [line, ...rest] = lines(body);
    expect(rest).toHaveLength(0);
    expect(line).toBe(
      [
        numbers.evil,
        '2026-03-01 10:00',
        'confirmed',
        'card',
        'none',
        `"'=HYPERLINK(""http://evil"") Иванова"`,
        'evil@example.test',
        "'+79990000000",
        'post',
        '"101000, RU, Москва, ул. Тверская, 1"',
        'Пион × 2',
        '"1500,50"',
        '"0,00"',
        '"0,00"',
        '"1500,50"',
        '"0,00"',
        '"1500,50"',
        'RUB',
        '"позвонить; ""после 18""\nспасибо"',
      ].join(';'),
    );
  });

  it.each([
    ['?status=pending', ['olga']],
    ['?search=olga@', ['olga']],
    ['?from=2026-03-02&to=2026-03-31', ['olga']],
    ['?to=2026-03-01', ['evil']],
    ['', ['olga', 'evil']],
  ])('applies the list filters %s', async (query, expected) => {
    const got = lines((await exportCsv(query)).body).map((line) => Number(line.split(';')[0]));
    expect(got).toEqual(expected.map((key) => numbers[key]));
  });

  it.each(['?status=lost', '?from=03/01/2026'])('%s → 400', async (query) => {
    expect((await exportCsv(query)).statusCode).toBe(400);
  });

  it('guest → 401, customer → 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders/export.csv' })).statusCode).toBe(401);
    expect((await exportCsv('', customer)).statusCode).toBe(403);
  });
});
