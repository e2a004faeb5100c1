/**
 * Course certificates through the API: issued only once every lesson of the course with a video is
 * completed, one per learner and course, in the learner's language; the PDF for its owner or an
 * admin (a real PDF whose text reads back in Cyrillic); the public verification by code, and the
 * page the PDF prints the address of.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertificateSchema, CertificateVerificationSchema, ErrorBodySchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { certificates, users } from '../../db/schema';
import { adminUser, orderBody, placeOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { buyCourse, courseWithLessons, summaryOf, timePasses, watch } from '../../test/progress';
import { INDEX_HTML } from '../../test/web-template';

const PUBLIC_URL = 'https://atelier.example';
const PASSWORD = 'correct horse battery staple';

let t: TestContext;
let courseId: string;
let lessonIds: string[];
let learner: TestUser;
let admin: TestUser;
let stranger: TestUser;
/** The learner's certificate, once issued. */
let code: string;
let web: string;

beforeAll(async () => {
  // The SPA shell, so the verification page's address answers as it does in production.
  web = await mkdtemp(join(tmpdir(), 'atelier-web-'));
  await mkdir(join(web, 'assets'), { recursive: true });
  await writeFile(join(web, 'index.html'), INDEX_HTML);
  t = await createTestContext({ env: { PUBLIC_URL }, webDist: web });
  ({ courseId, lessonIds } = await courseWithLessons(t, [40, 40]));
  learner = await verifiedUser(t, { name: 'anna', password: PASSWORD });
  await t.database.db.update(users).set({ firstName: 'Анна', lastName: 'Ёлкина' }).where(eq(users.id, learner.id));
  admin = await adminUser(t);
  stranger = await verifiedUser(t);
  await buyCourse(t, learner.id, courseId);
  await buyCourse(t, stranger.id, courseId);
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const mine = async (user: TestUser) => {
  const res = await get('/api/training/certificates', user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(z.array(CertificateSchema)).parse(res.json()).data;
};

describe('issued only when the course is complete', () => {
  it('completing one lesson of two gives no certificate', async () => {
    const done = await watch(t, learner, lessonIds[0] as string, 0, 40);
    expect(done.completed).toBe(true);
    expect(await mine(learner)).toEqual([]);
    expect((await summaryOf(t, learner)).courses[0]).toMatchObject({
      completedLessons: 1,
      totalLessons: 2,
      certificate: null,
    });
  });

  it('half of the last lesson is not enough either', async () => {
    await watch(t, learner, lessonIds[1] as string, 0, 20, 'es');
    expect(await mine(learner)).toEqual([]);
  });

  it('completing the last lesson issues it, in the language the learner used, with their full name', async () => {
    await watch(t, learner, lessonIds[1] as string, 20, 40, 'es');
    const list = await mine(learner);
    expect(list).toHaveLength(1);
    const certificate = list[0]!;
    code = certificate.code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(certificate).toMatchObject({
      courseId,
      name: 'Анна Ёлкина',
      courseTitle: { ru: 'Пионы и сирень', en: 'Peonies and lilac', es: 'Peonías y lilas' },
      language: 'es',
      verifyUrl: `${PUBLIC_URL}/certificate/${code}`,
    });
    expect((await summaryOf(t, learner)).courses[0]).toMatchObject({
      completed: true,
      percent: 100,
      certificate: { code, issuedAt: certificate.issuedAt },
    });
  });

  it('watching again issues no second one; other buyers of the course have none', async () => {
    await watch(t, learner, lessonIds[1] as string, 0, 40);
    expect(await mine(learner)).toHaveLength(1);
    expect(await mine(stranger)).toEqual([]);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(rows).toHaveLength(1);
  });

  it('the last two lessons completed at the same moment still issue it, once', async () => {
    const { courseId: other, lessonIds: pair } = await courseWithLessons(t, [40, 40], { ru: 'Сирень' });
    const user = await verifiedUser(t);
    await buyCourse(t, user.id, other);
    await watch(t, user, pair[0] as string, 0, 30);
    await watch(t, user, pair[1] as string, 0, 30);
    await timePasses(t, user.id, 15);
    const last = (lesson: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/training/lessons/${lesson}/progress`,
        headers: user.headers,
        payload: { positionSeconds: 40, segments: [{ from: 30, to: 40 }] },
      });
    const answers = await Promise.all([last(pair[0] as string), last(pair[1] as string)]);
    expect(answers.map((res) => res.json().data.completed)).toEqual([true, true]);
    expect((await mine(user)).map((item) => item.courseId)).toEqual([other]);
  });

  it('keeps the name and title of the day it was issued', async () => {
    await t.database.db.update(users).set({ firstName: 'Мария' }).where(eq(users.id, learner.id));
    expect((await mine(learner))[0]?.name).toBe('Анна Ёлкина');
  });
});

describe('the PDF', () => {
  const pdf = (user: TestUser | null, which = code, query = '') =>
    get(`/api/training/certificates/${which}/pdf${query}`, user?.headers ?? {});

  it('its owner gets a PDF in the certificate’s language with the name, course, date, address and code', async () => {
    const res = await pdf(learner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain(`certificado-${code}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = (await pdfText(res.rawPayload))[0] ?? [];
    expect(lines).toContain('Certificado');
    expect(lines).toContain('Анна Ёлкина');
    expect(lines).toContain('«Peonías y lilas»');
    expect(lines.some((line) => line.startsWith('Fecha de emisión: ') && /\d{4}/.test(line))).toBe(true);
    expect(lines).toContain(`${PUBLIC_URL}/certificate/${code}`);
    expect(lines).toContain(`Código del certificado: ${code}`);
  });

  it('?lang= gives another language: Russian renders as Cyrillic text', async () => {
    const res = await pdf(learner, code, '?lang=ru');
    expect(res.statusCode).toBe(200);
    const lines = (await pdfText(res.rawPayload))[0] ?? [];
    expect(lines).toEqual(expect.arrayContaining(['Сертификат', 'Анна Ёлкина', '«Пионы и сирень»']));
    expect(lines.some((line) => line.includes('\uFFFD'))).toBe(false);
  });

  it('an admin may download it; another learner gets 403, a guest 401', async () => {
    expect((await pdf(admin)).statusCode).toBe(200);
    const other = await pdf(stranger);
    expect(other.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(other.json()).code).toBe('NOT_YOUR_CERTIFICATE');
    expect((await pdf(null)).statusCode).toBe(401);
  });

  it.each([
    ['an unknown code → 404', () => 'ABCD-ABCD-ABCD-ABCD-ABCD', '', 404],
    ['a malformed code → 400', () => 'not-a-code', '', 400],
    ['an unknown language → 400', () => code, '?lang=de', 400],
  ])('%s', async (_, which, query, status) => {
    expect((await pdf(learner, which(), query)).statusCode).toBe(status);
  });
});

describe('verification', () => {
  it('anyone with the code sees the name, course, date and that it is valid — nothing about the account', async () => {
    const res = await get(`/api/certificates/${code}`);
    expect(res.statusCode).toBe(200);
    const data = successEnvelope(CertificateVerificationSchema).parse(res.json()).data;
    expect(data).toMatchObject({ code, name: 'Анна Ёлкина', courseTitle: { es: 'Peonías y lilas' }, valid: true });
    expect(res.body).not.toContain(learner.email);
    expect(res.body).not.toContain(learner.id);
  });

  it('codes are case-insensitive and read O as 0, I and L as 1', async () => {
    const typed = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await get(`/api/certificates/${typed}`)).json().data.code).toBe(code);
  });

  it.each([
    ['an unknown code → 404', 'ABCD-ABCD-ABCD-ABCD-ABCD', 404, 'CERTIFICATE_NOT_FOUND'],
    ['a malformed code → 400', 'ABCD-ABCD', 400, 'VALIDATION_ERROR'],
  ])('%s', async (_, which, status, errorCode) => {
    const res = await get(`/api/certificates/${which}`);
    expect(res.statusCode).toBe(status);
    expect(ErrorBodySchema.parse(res.json()).code).toBe(errorCode);
  });

  it('the address printed on the PDF opens the verification page; an unknown code is a 404 page', async () => {
    const page = await get(`/certificate/${code}`, { accept: 'text/html', 'accept-language': 'en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Certificate — Peonies and lilac');
    expect(page.body).toContain('noindex');
    const unknown = await get('/certificate/ABCD-ABCD-ABCD-ABCD-ABCD', { accept: 'text/html' });
    expect(unknown.statusCode).toBe(404);
  });

  it('the learner’s data export carries their certificates and lesson progress', async () => {
    const res = await get('/api/user/export', learner.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.certificates).toEqual([
      expect.objectContaining({ code, courseId, name: 'Анна Ёлкина', language: 'es' }),
    ]);
    const first = data.lessonProgress.find((row: { lessonId: string }) => row.lessonId === lessonIds[0]);
    expect(first).toMatchObject({ watched: [[0, 40]], completedAt: expect.any(String) });
  });

  it('deleting the account withdraws the certificate: the code no longer verifies', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: learner.headers,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/certificates/${code}`)).statusCode).toBe(404);
    expect((await get(`/certificate/${code}`, { accept: 'text/html' })).statusCode).toBe(404);
  });
});

describe('revoked when the access that earned it ends', () => {
  /** A course bought by bank transfer at checkout and marked paid by the admin; the order's id. */
  async function boughtByOrder(user: TestUser, course: string): Promise<string> {
    const order = await placeOrder(
      t,
      user,
      orderBody([{ type: 'course', id: course, quantity: 1 }], { paymentMethod: 'bank_transfer' }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: admin.headers,
      payload: { reference: 'TR-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return order.id;
  }
  const cancel = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const verification = async (which: string) => {
    const res = await get(`/api/certificates/${which}`);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(CertificateVerificationSchema).parse(res.json()).data;
  };

  it('cancelling (refunding) the course order revokes it: valid false with the date, no PDF, gone from the account; buying again restores it', async () => {
    const { courseId: course, lessonIds: two } = await courseWithLessons(t, [40, 40], { ru: 'Ландыши' });
    const user = await verifiedUser(t);
    const orderId = await boughtByOrder(user, course);
    await watch(t, user, two[0] as string, 0, 40);
    await watch(t, user, two[1] as string, 0, 40);
    const [issued] = await mine(user);
    expect(issued?.courseId).toBe(course);
    const own = issued!.code;
    expect(await verification(own)).toMatchObject({ valid: true, revokedAt: null });
    expect((await get(`/api/training/certificates/${own}/pdf`, user.headers)).statusCode).toBe(200);

    const before = Date.now();
    await cancel(orderId);
    const revoked = await verification(own);
    expect(revoked.valid).toBe(false);
    expect(new Date(revoked.revokedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const pdf = await get(`/api/training/certificates/${own}/pdf`, { ...user.headers, 'accept-language': 'en' });
    expect(pdf.statusCode).toBe(410);
    expect(ErrorBodySchema.parse(pdf.json())).toMatchObject({
      code: 'CERTIFICATE_REVOKED',
      message: 'This certificate has been revoked: the course order was cancelled',
    });
    expect((await get(`/api/training/certificates/${own}/pdf`, admin.headers)).statusCode).toBe(410);
    expect(await mine(user)).toEqual([]);
    // The page still answers (it says the certificate was revoked), it is not a 404.
    expect((await get(`/certificate/${own}`, { accept: 'text/html' })).statusCode).toBe(200);

    await boughtByOrder(user, course);
    expect(await verification(own)).toMatchObject({ valid: true, revokedAt: null });
    expect((await mine(user)).map((c) => c.code)).toEqual([own]);
  });

  it('a cancelled order of something else keeps it: the learner still has the course', async () => {
    const { courseId: course, lessonIds: two } = await courseWithLessons(t, [40, 40], { ru: 'Ромашки' });
    const { courseId: otherCourse } = await courseWithLessons(t, [40], { ru: 'Маки' });
    const user = await verifiedUser(t);
    await boughtByOrder(user, course);
    await watch(t, user, two[0] as string, 0, 40);
    await watch(t, user, two[1] as string, 0, 40);
    const own = (await mine(user))[0]!.code;
    await cancel(await boughtByOrder(user, otherCourse));
    expect(await verification(own)).toMatchObject({ valid: true, revokedAt: null });
  });
});
