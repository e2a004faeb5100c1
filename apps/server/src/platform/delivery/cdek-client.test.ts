/**
 * The CDEK driver against the CDEK fake (it speaks CDEK's documented API): the OAuth token is
 * fetched once and reused until shortly before it expires, fetched once for callers waiting
 * together, fetched again once after a 401; failures are CdekErrors that say what happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CdekFake, startCdekFake } from '../../test/fakes/cdek-fake';
import { CdekError, createCdekClient } from './cdek-client';

let fake: CdekFake;
beforeAll(async () => {
  fake = await startCdekFake();
});
afterAll(() => fake.close());

const client = (overrides: Partial<Parameters<typeof createCdekClient>[0]> = {}) =>
  createCdekClient({
    apiUrl: fake.apiUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: 2000,
    ...overrides,
  });

const tokenRequests = () => fake.requests.filter((r) => r.path.startsWith('/v2/oauth/token'));

describe('CDEK driver', () => {
  it('asks for a token once and reuses it; the secret travels in the form body, never in the URL', async () => {
    const before = tokenRequests().length;
    const cdek = client();
    await cdek.cities('Казань');
    await cdek.deliveryPoints({ cityCode: 424 });
    await cdek.tariffList({
      fromCityCode: 44,
      toCityCode: 424,
      packages: [{ weight: 600, length: 45, width: 30, height: 20 }],
    });
    expect(cdek.tokensFetched).toBe(1);
    const [request] = tokenRequests().slice(before);
    expect(request?.path).toBe('/v2/oauth/token');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request?.body).get('grant_type')).toBe('client_credentials');
  });

  it('callers waiting together share one token request', async () => {
    const cdek = client();
    await Promise.all([cdek.cities('Москва'), cdek.cities('Казань'), cdek.deliveryPoints({ cityCode: 44 })]);
    expect(cdek.tokensFetched).toBe(1);
  });

  it('asks for a new token shortly before the old one expires', async () => {
    let now = 1_000_000;
    const cdek = client({ now: () => now });
    await cdek.cities('Москва');
    now += 3599 * 1000 - 61_000;
    await cdek.cities('Москва');
    expect(cdek.tokensFetched).toBe(1);
    now += 2000;
    await cdek.cities('Москва');
    expect(cdek.tokensFetched).toBe(2);
  });

  it('a token CDEK stops taking (401) is replaced once and the call goes through', async () => {
    const cdek = client();
    await cdek.cities('Москва');
    fake.revokeTokens();
    const cities = await cdek.cities('Казань');
    expect(cities.map((c) => c.code)).toContain(424);
    expect(cdek.tokensFetched).toBe(2);
  });

  it('wrong credentials: a CdekError with status 401, not a crash', async () => {
    const error = await client({ clientSecret: 'wrong' })
      .cities('Москва')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdekError);
    expect((error as CdekError).status).toBe(401);
  });

  it('CDEK’s refusal carries its error codes; a refusal is told apart from an outage', async () => {
    const error = await client()
      .createOrder({ type: 1, number: '', tariff_code: 136 } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdekError);
    expect((error as CdekError).errors[0]?.code).toBe('v2_field_is_empty');
    expect((error as CdekError).refused).toBe(true);
    fake.failNext(
      { status: 503, body: { errors: [{ code: 'service_unavailable', message: 'later' }] } },
      { pathPart: '/deliverypoints' },
    );
    const outage = await client()
      .deliveryPoints({ cityCode: 44 })
      .catch((e: unknown) => e);
    expect((outage as CdekError).refused).toBe(false);
  });

  it('gives up after its time limit', async () => {
    const cdek = client({ timeoutMs: 150 });
    await cdek.cities('Москва');
    fake.setDelay(1000);
    try {
      const error = await cdek.cities('Казань').catch((e: unknown) => e);
      expect((error as CdekError).kind).toBe('timeout');
    } finally {
      fake.setDelay(0);
    }
  });

  it('sends the token only to CDEK’s own host', async () => {
    const error = await client()
      .download('https://example.com/label.pdf')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdekError);
    expect(fake.requests.some((r) => r.path.includes('label.pdf'))).toBe(false);
  });
});
