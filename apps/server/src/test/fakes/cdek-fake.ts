/**
 * A local stand-in for the CDEK API v2 endpoints the shop calls, as CDEK documents them: OAuth 2.0
 * client credentials (`POST /v2/oauth/token`, bearer tokens that expire), places
 * (`/v2/location/cities`), pickup points and lockers (`/v2/deliverypoints`), the tariff list
 * (`/v2/calculator/tarifflist`, a fixed price formula), orders (`POST /v2/orders`, 202 with the
 * request state; `GET /v2/orders/{uuid}` and `?im_number=` with statuses newest first), webhook
 * subscriptions (`/v2/webhooks`) and barcode labels (`/v2/print/barcodes`, a PDF behind the token).
 * Error bodies follow CDEK's `{ requests: [{ state: "INVALID", errors: [{ code, message }] }] }`.
 *
 * Tests move a parcel on with `setStatus` (which sends the ORDER_STATUS webhook to the subscribed
 * URL, once, like CDEK: no retry) and read what was asked in `requests`. Run on its own
 * (`npm run cdek:fake -w apps/server`), it also takes `POST /fake/orders/{uuid}/status {"code"}`
 * so a demo parcel can be moved by hand.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type FakeReply, type FakeServer, parseJson, startFakeServer } from './fake-server';

export interface FakeCity {
  code: number;
  city: string;
  region: string;
  /** Distance zone from Moscow, for the price formula. */
  zone: number;
}

export interface FakePoint {
  code: string;
  name: string;
  type: 'PVZ' | 'POSTAMAT';
  cityCode: number;
  address: string;
  workTime: string;
  note?: string;
  reception: boolean;
  latitude: number;
  longitude: number;
}

export interface FakeOrder {
  uuid: string;
  number: string;
  cdekNumber: string;
  tariffCode: number;
  deliveryPoint: string;
  shipmentPoint: string | null;
  body: Record<string, unknown>;
  /** Newest first, as CDEK lists them. */
  statuses: { code: string; name: string; date_time: string; city: string }[];
}

export interface WebhookDelivery {
  url: string;
  body: Record<string, unknown>;
  /** The HTTP status the receiver answered, or null when it could not be reached. */
  status: number | null;
}

export const CDEK_FAKE_CITIES: FakeCity[] = [
  { code: 44, city: 'Москва', region: 'Москва', zone: 0 },
  { code: 137, city: 'Санкт-Петербург', region: 'Санкт-Петербург', zone: 1 },
  { code: 424, city: 'Казань', region: 'Республика Татарстан', zone: 1 },
  { code: 1109, city: 'Казанская', region: 'Краснодарский край', zone: 2 },
  { code: 270, city: 'Новосибирск', region: 'Новосибирская область', zone: 3 },
];

export const CDEK_FAKE_POINTS: FakePoint[] = [
  {
    code: 'MSK71',
    name: 'На Тверской',
    type: 'PVZ',
    cityCode: 44,
    address: 'Россия, Москва, ул. Тверская, 7',
    workTime: 'Пн-Пт 09:00-21:00, Сб-Вс 10:00-18:00',
    reception: true,
    latitude: 55.7577,
    longitude: 37.6132,
  },
  {
    code: 'MSK540',
    name: 'Постамат у метро Сокол',
    type: 'POSTAMAT',
    cityCode: 44,
    address: 'Россия, Москва, Ленинградский проспект, 75',
    workTime: 'Пн-Вс 00:00-24:00',
    reception: false,
    latitude: 55.8048,
    longitude: 37.5147,
  },
  {
    code: 'SPB12',
    name: 'На Невском',
    type: 'PVZ',
    cityCode: 137,
    address: 'Россия, Санкт-Петербург, Невский проспект, 100',
    workTime: 'Пн-Сб 10:00-20:00',
    reception: true,
    latitude: 59.9311,
    longitude: 30.3609,
  },
  {
    code: 'KZN3',
    name: 'На Баумана',
    type: 'PVZ',
    cityCode: 424,
    address: 'Россия, Казань, ул. Баумана, 58',
    workTime: 'Пн-Пт 10:00-20:00, Сб 10:00-16:00',
    note: 'Вход со двора, второй подъезд',
    reception: true,
    latitude: 55.7887,
    longitude: 49.1221,
  },
  {
    code: 'KZN27',
    name: 'В ТЦ «Кольцо»',
    type: 'PVZ',
    cityCode: 424,
    address: 'Россия, Казань, ул. Петербургская, 1',
    workTime: 'Пн-Вс 10:00-22:00',
    reception: false,
    latitude: 55.7867,
    longitude: 49.1243,
  },
  {
    code: 'KZN105',
    name: 'Постамат на Пушкина',
    type: 'POSTAMAT',
    cityCode: 424,
    address: 'Россия, Казань, ул. Пушкина, 12',
    workTime: 'Пн-Вс 00:00-24:00',
    reception: false,
    latitude: 55.7916,
    longitude: 49.1187,
  },
  {
    code: 'NSK8',
    name: 'На Красном проспекте',
    type: 'PVZ',
    cityCode: 270,
    address: 'Россия, Новосибирск, Красный проспект, 29',
    workTime: 'Пн-Пт 09:00-20:00',
    reception: true,
    latitude: 55.0302,
    longitude: 82.9204,
  },
];

/** Tariffs the fake calculates: code, name, delivery mode (4 warehouse-warehouse, 7 warehouse-locker, …). */
const TARIFFS = [
  { code: 136, name: 'Посылка склад-склад', mode: 4, extra: 0 },
  { code: 137, name: 'Посылка склад-дверь', mode: 3, extra: 150 },
  { code: 138, name: 'Посылка дверь-склад', mode: 2, extra: 100 },
  { code: 368, name: 'Посылка склад-постамат', mode: 7, extra: -20 },
] as const;

/** Status names as CDEK gives them (the ones a test moves a parcel through). */
const STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в г. получателя',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  POSTOMAT_POSTED: 'Заложен в постамат',
  DELIVERED: 'Вручен',
  NOT_DELIVERED: 'Не вручен',
  REMOVED: 'Удален',
};

/**
 * CDEK's price of a parcel, in roubles with kopecks as CDEK answers them: a base per tariff and
 * distance zone, plus each started kilogram of the weight or the volume weight (L×W×H / 5000),
 * whichever is larger.
 */
export function fakeTariffSum(
  tariffExtra: number,
  zone: number,
  packages: { weight: number; length?: number; width?: number; height?: number }[],
): number {
  let kilos = 0;
  for (const p of packages) {
    const volume = ((p.length ?? 0) * (p.width ?? 0) * (p.height ?? 0)) / 5000;
    kilos += Math.max(p.weight / 1000, volume);
  }
  return 260 + tariffExtra + zone * 110 + Math.ceil(kilos) * 45 + 0.5;
}

export interface CdekFake extends FakeServer {
  /** The API base as CDEK_API_URL takes it: `http://127.0.0.1:<port>/v2`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  subscriptions: Map<string, string>;
  webhookDeliveries: WebhookDelivery[];
  /** How many tokens were issued. */
  tokensIssued(): number;
  /** Every token issued so far stops working (CDEK answers 401 with it). */
  revokeTokens(): void;
  /** Tokens live this many seconds from now on (default 3600). */
  setTokenLifetime(seconds: number): void;
  /** New orders stay ACCEPTED (no cdek_number) until `accept` — CDEK makes some orders later. */
  setDeferredAcceptance(on: boolean): void;
  accept(uuid: string, outcome?: 'SUCCESSFUL' | 'INVALID'): void;
  /** CDEK reports a new status of the order and sends the ORDER_STATUS webhook to the subscriber. */
  setStatus(uuid: string, code: string): Promise<WebhookDelivery | null>;
  /** The ORDER_STATUS body CDEK would send for the order's latest status. */
  webhookBody(uuid: string): Record<string, unknown>;
}

const invalid = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: {
    requests: [
      {
        request_uuid: randomUUID(),
        type: 'CREATE',
        state: 'INVALID',
        date_time: cdekTime(),
        errors: [{ code, message }],
      },
    ],
  },
});

/** CDEK writes times as yyyy-MM-dd'T'HH:mm:ssZ (e.g. 2024-03-01T12:00:00+0000). */
function cdekTime(date = new Date()): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

/** A tiny one-page PDF, like the label CDEK makes. */
function labelPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj`,
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return Buffer.from(body, 'latin1');
}

function toPoint(p: FakePoint) {
  const city = CDEK_FAKE_CITIES.find((c) => c.code === p.cityCode)!;
  return {
    code: p.code,
    name: p.name,
    uuid: randomUUID(),
    type: p.type,
    owner_code: 'cdek',
    location: {
      country_code: 'RU',
      region: city.region,
      city_code: city.code,
      city: city.city,
      longitude: p.longitude,
      latitude: p.latitude,
      address: p.address.split(', ').slice(2).join(', '),
      address_full: p.address,
    },
    ...(p.note ? { address_comment: p.note } : {}),
    work_time: p.workTime,
    is_handout: true,
    is_reception: p.reception,
    weight_min: 0,
    weight_max: p.type === 'POSTAMAT' ? 20 : 30,
  };
}

export async function startCdekFake(options: { port?: number } = {}): Promise<CdekFake> {
  const clientId = 'fake-cdek-account';
  const clientSecret = 'fake-cdek-secure-password';
  const tokens = new Map<string, number>();
  let lifetimeSeconds = 3600;
  let issued = 0;
  let deferred = false;
  const orders = new Map<string, FakeOrder>();
  const requestStates = new Map<string, { state: string; errors: { code: string; message: string }[] }>();
  const subscriptions = new Map<string, string>();
  const webhookDeliveries: WebhookDelivery[] = [];
  const barcodes = new Map<string, { orderUuid: string }>();
  let origin = '';

  const statusEntry = (code: string, cityCode: number) => ({
    code,
    name: STATUS_NAMES[code] ?? code,
    date_time: cdekTime(),
    city: CDEK_FAKE_CITIES.find((c) => c.code === cityCode)?.city ?? 'Москва',
  });

  const orderView = (order: FakeOrder) => {
    const request = requestStates.get(order.uuid) ?? { state: 'SUCCESSFUL', errors: [] };
    const made = request.state === 'SUCCESSFUL';
    return {
      entity: {
        uuid: order.uuid,
        type: 1,
        is_return: false,
        number: order.number,
        ...(made ? { cdek_number: order.cdekNumber } : {}),
        tariff_code: order.tariffCode,
        delivery_point: order.deliveryPoint,
        ...(order.shipmentPoint ? { shipment_point: order.shipmentPoint } : {}),
        recipient: order.body.recipient,
        packages: order.body.packages,
        statuses: order.statuses,
      },
      requests: [
        {
          request_uuid: randomUUID(),
          type: 'CREATE',
          state: request.state,
          date_time: cdekTime(),
          errors: request.errors,
        },
      ],
    };
  };

  function createOrder(body: Record<string, unknown>): FakeReply {
    const b = body as {
      type?: unknown;
      number?: unknown;
      tariff_code?: unknown;
      delivery_point?: unknown;
      shipment_point?: unknown;
      from_location?: { code?: unknown };
      recipient?: { name?: unknown; phones?: { number?: unknown }[] };
      packages?: { number?: unknown; weight?: unknown; items?: unknown[] }[];
    };
    const tariff = TARIFFS.find((t) => t.code === b.tariff_code);
    if (!tariff) return invalid(400, 'v2_tariff_code_invalid', 'Tariff code is invalid');
    if (typeof b.number !== 'string' || b.number === '') {
      return invalid(400, 'v2_field_is_empty', '[number] is empty');
    }
    // A number is taken by an order CDEK made, not by a request it refused.
    if ([...orders.values()].some((o) => o.number === b.number && requestStates.get(o.uuid)?.state !== 'INVALID')) {
      return invalid(400, 'v2_entity_already_exists', `Order with number ${b.number} already exists`);
    }
    if (typeof b.recipient?.name !== 'string' || !b.recipient.name.trim()) {
      return invalid(400, 'v2_field_is_empty', '[recipient.name] is empty');
    }
    if (!Array.isArray(b.recipient.phones) || typeof b.recipient.phones[0]?.number !== 'string') {
      return invalid(400, 'v2_field_is_empty', '[recipient.phones] is empty');
    }
    const point = CDEK_FAKE_POINTS.find((p) => p.code === b.delivery_point);
    if (!point) return invalid(400, 'v2_delivery_point_not_found', 'Delivery point is not found');
    if ((tariff.mode === 7) !== (point.type === 'POSTAMAT')) {
      return invalid(400, 'v2_tariff_not_available', 'The tariff does not deliver to this kind of point');
    }
    // A tariff "from warehouse" needs the office the sender brings the parcel to.
    const fromWarehouse = tariff.mode === 4 || tariff.mode === 3 || tariff.mode === 7;
    const shipment = typeof b.shipment_point === 'string' ? b.shipment_point : null;
    if (fromWarehouse && !CDEK_FAKE_POINTS.some((p) => p.code === shipment && p.reception)) {
      return invalid(400, 'v2_shipment_point_not_found', 'Shipment point is not found');
    }
    if (!fromWarehouse && typeof b.from_location?.code !== 'number') {
      return invalid(400, 'v2_field_is_empty', '[from_location] is empty');
    }
    if (!Array.isArray(b.packages) || b.packages.length === 0) {
      return invalid(400, 'v2_field_is_empty', '[packages] is empty');
    }
    for (const p of b.packages) {
      if (typeof p.weight !== 'number' || p.weight <= 0 || !Number.isInteger(p.weight)) {
        return invalid(400, 'v2_weight_invalid', '[packages.weight] must be a positive whole number of grams');
      }
      // Online-store orders (type 1) list their goods in each package.
      if (b.type === 1 && (!Array.isArray(p.items) || p.items.length === 0)) {
        return invalid(400, 'v2_field_is_empty', '[packages.items] is empty');
      }
    }
    const uuid = randomUUID();
    const order: FakeOrder = {
      uuid,
      number: b.number,
      cdekNumber: String(1_100_000_000 + Math.floor(Math.random() * 899_999_999)),
      tariffCode: tariff.code,
      deliveryPoint: point.code,
      shipmentPoint: shipment,
      body,
      statuses: [statusEntry('ACCEPTED', 44)],
    };
    orders.set(uuid, order);
    if (deferred) requestStates.set(uuid, { state: 'ACCEPTED', errors: [] });
    else order.statuses.unshift(statusEntry('CREATED', 44));
    return {
      status: 202,
      body: {
        entity: { uuid },
        requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'ACCEPTED', date_time: cdekTime() }],
      },
    };
  }

  const server = await startFakeServer((req) => {
    const url = new URL(req.path, 'http://fake');
    const path = url.pathname;
    const query = url.searchParams;

    if (req.method === 'POST' && path === '/v2/oauth/token') {
      // CDEK takes the parameters as a form body or in the query string.
      const form = new URLSearchParams(req.body);
      const param = (name: string) => form.get(name) ?? query.get(name);
      if (param('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' } };
      }
      if (param('client_id') !== clientId || param('client_secret') !== clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Bad client credentials' } };
      }
      const token = `eyJ${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + lifetimeSeconds * 1000);
      issued += 1;
      return {
        status: 200,
        body: {
          access_token: token,
          token_type: 'bearer',
          expires_in: lifetimeSeconds,
          scope: 'order:all payment:all',
          jti: randomUUID(),
        },
      };
    }

    // Demo control, not CDEK's: move a parcel by hand when the fake runs on its own.
    const control = /^\/fake\/orders\/([^/]+)\/status$/.exec(path);
    if (req.method === 'POST' && control) {
      const code = String(parseJson(req.body)?.code ?? '');
      const order = orders.get(decodeURIComponent(control[1]!));
      if (!order || !code) return { status: 404, body: { message: 'no such order or no code' } };
      void api.setStatus(order.uuid, code);
      return { status: 202, body: { ok: true } };
    }

    const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!bearer || expiresAt === undefined || expiresAt < Date.now()) {
      return {
        status: 401,
        body: { requests: [{ state: 'INVALID', errors: [{ code: 'v2_token_expired', message: 'Token is invalid' }] }] },
      };
    }

    if (req.method === 'GET' && path === '/v2/location/cities') {
      const name = (query.get('city') ?? '').trim().toLowerCase();
      const size = Math.min(Number(query.get('size') ?? 500) || 500, 500);
      const found = CDEK_FAKE_CITIES.filter((c) => !name || c.city.toLowerCase().startsWith(name)).slice(0, size);
      return {
        status: 200,
        body: found.map((c) => ({
          code: c.code,
          city: c.city,
          country_code: 'RU',
          country: 'Россия',
          region: c.region,
        })),
      };
    }

    if (req.method === 'GET' && path === '/v2/deliverypoints') {
      const cityCode = query.get('city_code');
      const code = query.get('code');
      const type = query.get('type') ?? 'ALL';
      const reception = query.get('is_reception');
      const points = CDEK_FAKE_POINTS.filter(
        (p) =>
          (!cityCode || String(p.cityCode) === cityCode) &&
          (!code || p.code === code) &&
          (type === 'ALL' || p.type === type) &&
          (reception !== 'true' || p.reception),
      );
      return { status: 200, body: points.map(toPoint) };
    }

    if (req.method === 'POST' && path === '/v2/calculator/tarifflist') {
      const body = parseJson(req.body) as {
        from_location?: { code?: unknown };
        to_location?: { code?: unknown };
        packages?: { weight?: unknown; length?: number; width?: number; height?: number }[];
      } | null;
      const from = CDEK_FAKE_CITIES.find((c) => c.code === body?.from_location?.code);
      const to = CDEK_FAKE_CITIES.find((c) => c.code === body?.to_location?.code);
      if (!from || !to) {
        return { status: 400, body: { errors: [{ code: 'v2_location_not_found', message: 'Location not found' }] } };
      }
      const packages = body?.packages ?? [];
      if (
        packages.length === 0 ||
        packages.some((p) => typeof p.weight !== 'number' || p.weight <= 0 || !Number.isInteger(p.weight))
      ) {
        return {
          status: 400,
          body: { errors: [{ code: 'v2_weight_invalid', message: 'packages.weight must be a whole number of grams' }] },
        };
      }
      const weight = packages.reduce((sum, p) => sum + (p.weight as number), 0);
      const biggestSide = Math.max(...packages.flatMap((p) => [p.length ?? 0, p.width ?? 0, p.height ?? 0]));
      const zone = Math.abs(to.zone - from.zone);
      const tariffCodes = TARIFFS.filter(
        // A locker takes up to 20 kg and boxes up to 60 cm; the others up to 30 kg.
        (t) => (t.mode === 7 ? weight <= 20_000 && biggestSide <= 60 : weight <= 30_000),
      ).map((t) => ({
        tariff_code: t.code,
        tariff_name: t.name,
        tariff_description: t.name,
        delivery_mode: t.mode,
        delivery_sum: fakeTariffSum(t.extra, zone, packages as { weight: number }[]),
        period_min: 1 + zone,
        period_max: 2 + zone * 2,
        calendar_min: 1 + zone,
        calendar_max: 3 + zone * 2,
      }));
      return { status: 200, body: { tariff_codes: tariffCodes } };
    }

    if (req.method === 'POST' && path === '/v2/orders') {
      const body = parseJson(req.body);
      if (!body) return invalid(400, 'v2_bad_request', 'Malformed JSON');
      return createOrder(body);
    }
    if (req.method === 'GET' && path === '/v2/orders') {
      const number = query.get('im_number');
      const cdekNumber = query.get('cdek_number');
      const order = [...orders.values()]
        .reverse()
        .find((o) => (number && o.number === number) || (cdekNumber && o.cdekNumber === cdekNumber));
      return order ? { status: 200, body: orderView(order) } : invalid(404, 'v2_entity_not_found', 'Order not found');
    }
    const one = /^\/v2\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const order = orders.get(decodeURIComponent(one[1]!));
      return order ? { status: 200, body: orderView(order) } : invalid(404, 'v2_entity_not_found', 'Order not found');
    }

    if (req.method === 'GET' && path === '/v2/webhooks') {
      return {
        status: 200,
        body: [...subscriptions.entries()].map(([type, hook]) => ({ uuid: randomUUID(), type, url: hook })),
      };
    }
    if (req.method === 'POST' && path === '/v2/webhooks') {
      const body = parseJson(req.body) as { type?: unknown; url?: unknown } | null;
      if (body?.type !== 'ORDER_STATUS' && body?.type !== 'PRINT_FORM') {
        return invalid(400, 'v2_field_is_empty', '[type] is invalid');
      }
      if (typeof body.url !== 'string' || !URL.canParse(body.url)) {
        return invalid(400, 'v2_field_is_empty', '[url] is invalid');
      }
      subscriptions.set(body.type, body.url);
      return {
        status: 200,
        body: {
          entity: { uuid: randomUUID() },
          requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'SUCCESSFUL', date_time: cdekTime() }],
        },
      };
    }

    if (req.method === 'POST' && path === '/v2/print/barcodes') {
      const body = parseJson(req.body) as { orders?: { order_uuid?: unknown }[] } | null;
      const orderUuid = body?.orders?.[0]?.order_uuid;
      if (typeof orderUuid !== 'string' || !orders.has(orderUuid)) {
        return invalid(400, 'v2_entity_not_found', 'Order not found');
      }
      const uuid = randomUUID();
      barcodes.set(uuid, { orderUuid });
      return {
        status: 202,
        body: {
          entity: { uuid },
          requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'ACCEPTED', date_time: cdekTime() }],
        },
      };
    }
    const pdf = /^\/v2\/print\/barcodes\/([^/]+)\.pdf$/.exec(path);
    if (req.method === 'GET' && pdf) {
      const form = barcodes.get(decodeURIComponent(pdf[1]!));
      if (!form) return invalid(404, 'v2_entity_not_found', 'Print form not found');
      const order = orders.get(form.orderUuid)!;
      return { status: 200, raw: { contentType: 'application/pdf', data: labelPdf(`CDEK ${order.cdekNumber}`) } };
    }
    const barcode = /^\/v2\/print\/barcodes\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && barcode) {
      const uuid = decodeURIComponent(barcode[1]!);
      const form = barcodes.get(uuid);
      if (!form) return invalid(404, 'v2_entity_not_found', 'Print form not found');
      return {
        status: 200,
        body: {
          entity: {
            uuid,
            orders: [{ order_uuid: form.orderUuid }],
            copy_count: 1,
            format: 'A6',
            url: `${origin}/v2/print/barcodes/${uuid}.pdf`,
            statuses: [
              { code: 'ACCEPTED', name: 'Принят', date_time: cdekTime() },
              { code: 'PROCESSING', name: 'Формируется', date_time: cdekTime() },
              { code: 'READY', name: 'Сформирован', date_time: cdekTime() },
            ],
          },
        },
      };
    }

    return invalid(404, 'v2_not_found', `Unknown endpoint ${req.method} ${path}`);
  }, options);
  origin = server.origin;

  const get = (uuid: string) => {
    const order = orders.get(uuid);
    if (!order) throw new Error(`no fake CDEK order ${uuid}`);
    return order;
  };

  const webhookBody = (uuid: string) => {
    const order = get(uuid);
    const latest = order.statuses[0]!;
    return {
      type: 'ORDER_STATUS',
      date_time: latest.date_time,
      uuid: order.uuid,
      attributes: {
        is_return: false,
        cdek_number: order.cdekNumber,
        number: order.number,
        status_code: latest.code,
        status_date_time: latest.date_time,
        city_name: latest.city,
        city_code: '44',
      },
    };
  };

  const api = Object.assign(server, {
    apiUrl: `${server.origin}/v2`,
    clientId,
    clientSecret,
    orders,
    subscriptions,
    webhookDeliveries,
    tokensIssued: () => issued,
    revokeTokens() {
      tokens.clear();
    },
    setTokenLifetime(seconds: number) {
      lifetimeSeconds = seconds;
    },
    setDeferredAcceptance(on: boolean) {
      deferred = on;
    },
    accept(uuid: string, outcome: 'SUCCESSFUL' | 'INVALID' = 'SUCCESSFUL') {
      const order = get(uuid);
      requestStates.set(uuid, {
        state: outcome,
        errors:
          outcome === 'INVALID' ? [{ code: 'v2_recipient_phone_invalid', message: 'Recipient phone is invalid' }] : [],
      });
      if (outcome === 'SUCCESSFUL') order.statuses.unshift(statusEntry('CREATED', 44));
      else order.statuses.unshift(statusEntry('INVALID', 44));
    },
    async setStatus(uuid: string, code: string): Promise<WebhookDelivery | null> {
      const order = get(uuid);
      const point = CDEK_FAKE_POINTS.find((p) => p.code === order.deliveryPoint);
      order.statuses.unshift(statusEntry(code, point?.cityCode ?? 44));
      const url = subscriptions.get('ORDER_STATUS');
      if (!url) return null;
      const body = webhookBody(uuid);
      // One try, as CDEK does: a receiver that is down misses the event.
      let status: number | null = null;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = null;
      }
      const delivery = { url, body, status };
      webhookDeliveries.push(delivery);
      return delivery;
    },
    webhookBody,
  });
  return api;
}
