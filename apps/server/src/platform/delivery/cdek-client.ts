/**
 * The CDEK API v2 driver: OAuth 2.0 client credentials (the token is kept until shortly before
 * it expires, fetched once for concurrent callers, and fetched again once when CDEK answers 401),
 * and the calls the shop makes — places, pickup points, the tariff calculator, orders, order
 * information, webhook subscriptions and the barcode label. JSON in, JSON out, with a hard time
 * limit; every failure is a CdekError. Field names are CDEK's (snake_case) and stay in this file
 * and in features/cdek.
 */

export class CdekError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'http' | 'invalid_reply',
    message: string,
    readonly status?: number,
    /** CDEK's own errors ({ code, message }), when it gave any. */
    readonly errors: { code: string; message: string }[] = [],
  ) {
    super(`cdek: ${message}`);
    this.name = 'CdekError';
  }

  /** CDEK refused the request itself (a 4xx other than 401/429): sending it again gets the same. */
  get refused(): boolean {
    return (
      this.kind === 'http' &&
      this.status !== undefined &&
      this.status >= 400 &&
      this.status < 500 &&
      this.status !== 401 &&
      this.status !== 429
    );
  }
}

export interface CdekClientOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  now?: () => number;
}

/** The parts of CDEK's answers the shop reads. */
export interface CdekLocation {
  code?: number;
  city?: string;
  city_code?: number;
  region?: string;
  address?: string;
  address_full?: string;
  latitude?: number;
  longitude?: number;
}
export interface CdekCityRecord {
  code: number;
  city: string;
  region?: string;
  country_code?: string;
}
export interface CdekDeliveryPoint {
  code: string;
  name?: string;
  type?: string;
  location?: CdekLocation;
  address_comment?: string;
  nearest_station?: string;
  work_time?: string;
  is_handout?: boolean;
  is_reception?: boolean;
  weight_max?: number;
}
export interface CdekPackage {
  weight: number;
  length: number;
  width: number;
  height: number;
}
export interface CdekTariff {
  tariff_code: number;
  tariff_name?: string;
  delivery_mode?: number;
  delivery_sum: number;
  period_min?: number;
  period_max?: number;
}
export interface CdekRequestState {
  request_uuid?: string;
  type?: string;
  state?: string;
  date_time?: string;
  errors?: { code: string; message: string }[];
}
export interface CdekOrderStatus {
  code: string;
  name?: string;
  date_time?: string;
  city?: string;
}
export interface CdekOrderInfo {
  entity?: {
    uuid: string;
    number?: string;
    cdek_number?: string | number;
    tariff_code?: number;
    delivery_point?: string;
    statuses?: CdekOrderStatus[];
  };
  requests?: CdekRequestState[];
}
export interface CdekOrderRequest {
  type: 1 | 2;
  number: string;
  tariff_code: number;
  comment?: string;
  shipment_point?: string;
  from_location?: { code: number };
  delivery_point: string;
  recipient: { name: string; email?: string; phones: { number: string }[] };
  packages: (CdekPackage & {
    number: string;
    items: {
      name: string;
      ware_key: string;
      payment: { value: number };
      cost: number;
      weight: number;
      amount: number;
    }[];
  })[];
}
export interface CdekPrintForm {
  entity?: { uuid: string; url?: string; statuses?: { code: string }[] };
}

/** CDEK's errors from an answer body: `{ errors: [...] }` or `{ requests: [{ errors: [...] }] }`. */
export function cdekErrors(body: unknown): { code: string; message: string }[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { errors?: unknown; requests?: { errors?: unknown }[] };
  const list = [
    ...(Array.isArray(b.errors) ? b.errors : []),
    ...(Array.isArray(b.requests) ? b.requests.flatMap((r) => (Array.isArray(r?.errors) ? r.errors : [])) : []),
  ];
  return list
    .filter((e): e is { code?: unknown; message?: unknown } => Boolean(e) && typeof e === 'object')
    .map((e) => ({ code: String(e.code ?? ''), message: String(e.message ?? '') }));
}

/** A token is fetched again this long before CDEK said it expires. */
const TOKEN_MARGIN_MS = 60_000;

export function createCdekClient(options: CdekClientOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let tokensFetched = 0;

  async function send(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown; bytes: Buffer; contentType: string }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CdekError('timeout', `no answer within ${options.timeoutMs} ms`);
      }
      throw new CdekError('network', (error as Error).message);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw new CdekError('timeout', `reply not read: ${(error as Error).message}`);
    }
    const contentType = res.headers.get('content-type') ?? '';
    let body: unknown = null;
    if (bytes.length > 0 && contentType.includes('json')) {
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        if (res.ok) throw new CdekError('invalid_reply', `HTTP ${res.status} with a broken JSON body`);
      }
    }
    if (!res.ok) {
      const errors = cdekErrors(body);
      const detail = errors.length > 0 ? errors.map((e) => `${e.code}: ${e.message}`).join('; ') : '';
      throw new CdekError('http', `HTTP ${res.status}${detail ? ` (${detail})` : ''}`, res.status, errors);
    }
    return { status: res.status, body, bytes, contentType };
  }

  async function fetchToken(): Promise<string> {
    tokensFetched += 1;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    const { body } = await send(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const reply = body as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof reply?.access_token !== 'string' || reply.access_token === '') {
      throw new CdekError('invalid_reply', 'the token answer has no access_token');
    }
    const seconds = typeof reply.expires_in === 'number' && reply.expires_in > 0 ? reply.expires_in : 3600;
    token = { value: reply.access_token, expiresAt: now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return reply.access_token;
  }

  /** The cached token, or one fetch of a new one shared by every caller waiting for it. */
  function currentToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string | number | undefined>; body?: unknown; raw?: boolean } = {},
  ): Promise<{ body: T; bytes: Buffer; contentType: string }> {
    const url = new URL(path.startsWith('http') ? path : `${base}${path}`);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const attempt = async () => {
      const value = await currentToken();
      return send(url.toString(), {
        method,
        headers: {
          authorization: `Bearer ${value}`,
          accept: input.raw ? '*/*' : 'application/json',
          ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      });
    };
    try {
      const res = await attempt();
      return { body: res.body as T, bytes: res.bytes, contentType: res.contentType };
    } catch (error) {
      // A token CDEK no longer takes (revoked, or expired early): one new token, one more try.
      if (!(error instanceof CdekError) || error.status !== 401) throw error;
      token = null;
      const res = await attempt();
      return { body: res.body as T, bytes: res.bytes, contentType: res.contentType };
    }
  }

  const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

  return {
    /** How many tokens were fetched so far (tests check the cache). */
    get tokensFetched() {
      return tokensFetched;
    },

    /** `GET /location/cities`: places in Russia whose name matches. */
    async cities(name: string, size = 10): Promise<CdekCityRecord[]> {
      const { body } = await call<unknown>('GET', '/location/cities', {
        query: { city: name, country_codes: 'RU', size, page: 0, lang: 'rus' },
      });
      return list<CdekCityRecord>(body).filter((c) => typeof c?.code === 'number' && typeof c.city === 'string');
    },

    /** `GET /deliverypoints`: the pickup points and lockers of a place, or one point by its code. */
    async deliveryPoints(filter: { cityCode?: number; code?: string }): Promise<CdekDeliveryPoint[]> {
      const { body } = await call<unknown>('GET', '/deliverypoints', {
        query: { city_code: filter.cityCode, code: filter.code, type: 'ALL', country_code: 'RU', is_handout: 'true' },
      });
      return list<CdekDeliveryPoint>(body).filter((p) => typeof p?.code === 'string');
    },

    /** Offices of a place that take parcels in (where the shop hands its parcels over). */
    async receptionPoints(cityCode: number): Promise<CdekDeliveryPoint[]> {
      const { body } = await call<unknown>('GET', '/deliverypoints', {
        query: { city_code: cityCode, type: 'PVZ', country_code: 'RU', is_reception: 'true' },
      });
      return list<CdekDeliveryPoint>(body).filter((p) => typeof p?.code === 'string');
    },

    /** `POST /calculator/tarifflist`: CDEK's prices for every tariff available between two places. */
    async tariffList(input: { fromCityCode: number; toCityCode: number; packages: CdekPackage[] }) {
      const { body } = await call<{ tariff_codes?: CdekTariff[] }>('POST', '/calculator/tarifflist', {
        body: {
          type: 1,
          currency: 1,
          lang: 'rus',
          from_location: { code: input.fromCityCode },
          to_location: { code: input.toCityCode },
          packages: input.packages,
        },
      });
      return (body?.tariff_codes ?? []).filter(
        (t) => typeof t?.tariff_code === 'number' && typeof t.delivery_sum === 'number',
      );
    },

    /** `POST /orders`: CDEK takes the request (202) and makes the order, usually at once. */
    async createOrder(order: CdekOrderRequest): Promise<{ uuid: string; request: CdekRequestState | null }> {
      const { body } = await call<{ entity?: { uuid?: string }; requests?: CdekRequestState[] }>('POST', '/orders', {
        body: order,
      });
      const uuid = body?.entity?.uuid;
      if (typeof uuid !== 'string' || uuid === '') {
        throw new CdekError('invalid_reply', 'the order answer has no entity.uuid', undefined, cdekErrors(body));
      }
      return { uuid, request: body.requests?.[0] ?? null };
    },

    /** `GET /orders/{uuid}`: the order, its statuses (newest first) and the state of its requests. */
    async order(uuid: string): Promise<CdekOrderInfo> {
      const { body } = await call<CdekOrderInfo>('GET', `/orders/${encodeURIComponent(uuid)}`);
      return body ?? {};
    },

    /** `GET /orders?im_number=`: the order CDEK made for the shop's order number; null if none. */
    async orderByNumber(number: string): Promise<CdekOrderInfo | null> {
      try {
        const { body } = await call<CdekOrderInfo>('GET', '/orders', { query: { im_number: number } });
        return body?.entity?.uuid ? body : null;
      } catch (error) {
        if (error instanceof CdekError && error.status === 404) return null;
        throw error;
      }
    },

    /** `GET /webhooks`: the account's subscriptions. */
    async webhooks(): Promise<{ uuid: string; type: string; url: string }[]> {
      const { body } = await call<unknown>('GET', '/webhooks');
      return list<{ uuid: string; type: string; url: string }>(body);
    },

    /** `POST /webhooks`: CDEK sends events of `type` to `url` (one URL per type: it replaces the old one). */
    async subscribe(type: 'ORDER_STATUS', url: string): Promise<void> {
      await call('POST', '/webhooks', { body: { type, url } });
    },

    /** `POST /print/barcodes`: asks CDEK to make the order's barcode label (A6); its form's uuid. */
    async createBarcode(orderUuid: string): Promise<string> {
      const { body } = await call<{ entity?: { uuid?: string } }>('POST', '/print/barcodes', {
        body: { orders: [{ order_uuid: orderUuid }], copy_count: 1, format: 'A6' },
      });
      const uuid = body?.entity?.uuid;
      if (typeof uuid !== 'string') throw new CdekError('invalid_reply', 'the barcode answer has no entity.uuid');
      return uuid;
    },

    /** `GET /print/barcodes/{uuid}`: the label's state and, once made, its URL (valid one hour). */
    async barcode(uuid: string): Promise<{ url: string | null; failed: boolean }> {
      const { body } = await call<CdekPrintForm>('GET', `/print/barcodes/${encodeURIComponent(uuid)}`);
      const codes = (body?.entity?.statuses ?? []).map((s) => s.code);
      return { url: body?.entity?.url ?? null, failed: codes.includes('INVALID') };
    },

    /** The PDF behind a print form's URL (CDEK asks for the bearer token there too). */
    async download(url: string): Promise<Buffer> {
      // The token goes only to CDEK's own address.
      if (!URL.canParse(url) || new URL(url).origin !== new URL(base).origin) {
        throw new CdekError('invalid_reply', 'the print form URL is not on the CDEK API host');
      }
      const { bytes } = await call<unknown>('GET', url, { raw: true });
      return bytes;
    },
  };
}

export type CdekClient = ReturnType<typeof createCdekClient>;
