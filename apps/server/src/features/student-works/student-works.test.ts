/**
 * Students' works through the API: who may post a photo on a lesson (its purchasers, buyers of its
 * course, admins), the upload rules of review photos, the cap on works waiting for moderation, the
 * author's own list and deletion, and the admin's moderation deciding what the lesson page and the
 * home page show (through the public cache and the server-rendered pages).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminStudentWorkSchema,
  ErrorBodySchema,
  listEnvelope,
  type StudentWork,
  StudentWorkSchema,
  StudentWorkTeaserSchema,
  successEnvelope,
} from '@atelier/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, studentWorks } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { grant, lessonWithFiles } from '../../test/lessons';
import { buyCourse, courseWithLessons } from '../../test/progress';
import { BAD_UPLOADS, blobOf, pngBytes } from '../../test/uploads';

let t: TestContext;
let lesson: string;
let otherLesson: string;
let courseLesson: string;
let anna: TestUser;
let boris: TestUser;
let stranger: TestUser;
let courseBuyer: TestUser;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  // The upload allowance has its own tests (student-works.limits.test.ts); here it stays out of the way.
  t = await createTestContext({ env: { RATE_LIMIT_UPLOADS_PER_ACCOUNT: '1000', RATE_LIMIT_UPLOADS_PER_IP: '1000' } });
  lesson = await lessonWithFiles(t, { values: { title: { ru: 'Пионы', en: 'Peonies', es: 'Peonías' } } });
  otherLesson = await lessonWithFiles(t);
  const course = await courseWithLessons(t, [60]);
  courseLesson = course.lessonIds[0]!;
  anna = await verifiedUser(t, { email: 'anna.w@example.com', name: 'Анна Петрова' });
  boris = await verifiedUser(t, { email: 'boris.w@example.com', name: 'Борис' });
  stranger = await verifiedUser(t, { email: 'stranger.w@example.com', name: 'Чужой' });
  courseBuyer = await verifiedUser(t, { email: 'course.w@example.com', name: 'Вера' });
  admin = await adminUser(t, { email: 'works-admin@example.com' });
  await grant(t, anna.id, lesson);
  await grant(t, anna.id, otherLesson);
  await grant(t, boris.id, lesson);
  await buyCourse(t, courseBuyer.id, course.courseId);
  png = await pngBytes();
});
afterAll(() => t.close());

function workForm(fields: Record<string, string>, image?: { bytes: Buffer; filename?: string; type?: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (image) body.append('image', blobOf(image.bytes, image.type ?? 'image/png'), image.filename ?? 'w.png');
  return body;
}

const post = (lessonId: string, payload: FormData | object, token: string | null = anna.token, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url: `/api/student-works/lessons/${lessonId}`,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
    payload: payload as never,
  });

async function submit(lessonId = lesson, token = anna.token, caption = 'Мои пионы'): Promise<StudentWork> {
  const res = await post(lessonId, workForm({ caption }, { bytes: png }), token);
  expect(res.statusCode, res.body).toBe(201);
  return successEnvelope(StudentWorkSchema).parse(res.json()).data;
}

const workCount = async () => (await t.database.db.select({ n: count() }).from(studentWorks))[0]!.n;
/** The storage key of a public (`/uploads/…`) or signed private (`/api/media/private/…?e=&s=`) photo URL. */
const keyOf = (url: string) =>
  decodeURIComponent(
    url
      .replace(/^\/uploads\//, '')
      .replace(/^\/api\/media\/private\//, '')
      .replace(/\?.*$/, ''),
  );
const inStore = (zone: 'public' | 'private', url: string) => existsSync(join(t.dataDir, 'files', zone, keyOf(url)));
/** Stored at all, public or private. */
const onDisk = (url: string) => inStore('public', url) || inStore('private', url);
const moderate = (id: string, action: 'approve' | 'reject') =>
  t.app.inject({ method: 'PUT', url: `/api/student-works/admin/${id}/${action}`, headers: bearer(admin.token) });
const adminDelete = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/student-works/admin/${id}`, headers: bearer(admin.token) });
const ownDelete = (id: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/student-works/${id}`, headers: bearer(token) });

async function lessonWorks(lessonId = lesson) {
  const res = await t.app.inject({ method: 'GET', url: `/api/student-works/lessons/${lessonId}` });
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(StudentWorkSchema).parse(res.json()).data;
}
async function recentWorks(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/student-works${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(StudentWorkTeaserSchema).parse(res.json()).data;
}
async function mine(token: string, lessonId = lesson) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/student-works/lessons/${lessonId}/mine`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(StudentWorkSchema).parse(res.json()).data;
}

/** Deletes every work of the user (keeps the cap out of the way of the next test). */
async function clearWorks(userId: string) {
  await t.database.db.delete(studentWorks).where(eq(studentWorks.userId, userId));
}

describe('who may post a work', () => {
  it('a guest gets 401 and nothing is stored', async () => {
    const before = await workCount();
    const res = await post(lesson, workForm({ caption: 'x' }, { bytes: png }), null);
    expect(res.statusCode).toBe(401);
    expect(await workCount()).toBe(before);
  });

  it('a signed-in customer who did not buy the lesson gets 403 and nothing is stored', async () => {
    const before = await workCount();
    const res = await post(lesson, workForm({ caption: 'x' }, { bytes: png }), stranger.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'Урок доступен только после покупки' });
    expect(await workCount()).toBe(before);
  });

  it('an unknown lesson → 404, a malformed id → 400', async () => {
    const res = await post('00000000-0000-4000-8000-000000000099', workForm({}, { bytes: png }));
    expect(res.statusCode).toBe(404);
    expect((await post('not-a-uuid', workForm({}, { bytes: png }))).statusCode).toBe(400);
  });

  it('the buyer of the course holding the lesson and an admin may post', async () => {
    const ofCourse = await submit(courseLesson, courseBuyer.token, '');
    expect(ofCourse).toMatchObject({ status: 'pending', authorName: 'Вера', caption: '', lessonId: courseLesson });
    const ofAdmin = await submit(otherLesson, admin.token);
    expect(ofAdmin.status).toBe('pending');
  });

  it('stores a pending work with the author’s first name, the trimmed caption and WebP variants', async () => {
    const res = await post(lesson, workForm({ caption: '  Первая <b>попытка</b>  ' }, { bytes: png }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Работа отправлена на модерацию',
      data: { authorName: 'Анна', caption: 'Первая <b>попытка</b>', status: 'pending', lessonId: lesson },
    });
    const image = res.json().data.image;
    // Private while it waits: a signed URL for the author, the file outside /uploads/.
    expect(image.url).toMatch(/^\/api\/media\/private\/student-works\/[\w-]+-full\.webp\?e=\d+&s=[\w-]+$/);
    expect(inStore('private', image.large)).toBe(true);
    expect(inStore('public', image.large)).toBe(false);
    await clearWorks(anna.id);
  });
});

describe('the upload rules of review photos', () => {
  it.each(BAD_UPLOADS)('refuses $name with $status; nothing stored', async (bad) => {
    const before = await workCount();
    const res = await post(
      lesson,
      workForm({ caption: 'плохой файл' }, { bytes: bad.bytes, filename: bad.filename, type: bad.type }),
    );
    expect(res.statusCode).toBe(bad.status);
    expect(res.json()).toMatchObject({ success: false, message: bad.message });
    expect(await workCount()).toBe(before);
  });

  it('no photo → 400 that names the field; nothing stored', async () => {
    const before = await workCount();
    for (const payload of [workForm({ caption: 'без фото' }), { caption: 'без фото' }]) {
      const res = await post(lesson, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Добавьте фотографию работы' });
    }
    expect(await workCount()).toBe(before);
  });

  it('a caption over 200 characters → 400 in the request’s language; exactly 200 is fine', async () => {
    const before = await workCount();
    const res = await post(lesson, workForm({ caption: 'я'.repeat(201) }, { bytes: png }), anna.token, 'en');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('The caption must not exceed 200 characters');
    expect(await workCount()).toBe(before);
    const long = await submit(lesson, anna.token, 'ñ'.repeat(200));
    expect(long.caption).toHaveLength(200);
    await clearWorks(anna.id);
  });

  it('two image files → 4xx; nothing stored', async () => {
    const before = await workCount();
    const body = workForm({});
    body.append('image', blobOf(png, 'image/png'), 'a.png');
    body.append('image', blobOf(png, 'image/png'), 'b.png');
    const res = await post(lesson, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await workCount()).toBe(before);
  });
});

describe('the cap on works waiting for moderation', () => {
  it('the 4th pending work of one author on one lesson → 409; other lessons and other authors are not counted', async () => {
    for (let i = 0; i < 3; i += 1) await submit(lesson, anna.token, `работа ${i}`);
    const before = await workCount();
    const res = await post(lesson, workForm({ caption: 'четвёртая' }, { bytes: png }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STUDENT_WORKS_PENDING_LIMIT',
      message: 'На проверке уже 3 ваши работы по этому уроку. Дождитесь модерации, чтобы добавить ещё',
    });
    expect(await workCount()).toBe(before);
    await submit(otherLesson, anna.token);
    await submit(lesson, boris.token);
    // Once one is moderated there is room again.
    const waiting = (await mine(anna.token)).filter((w) => w.status === 'pending');
    expect((await moderate(waiting[0]!.id, 'approve')).statusCode).toBe(200);
    await submit(lesson, anna.token, 'снова можно');
    await clearWorks(anna.id);
    await clearWorks(boris.id);
  });

  it('posts racing each other do not pass the cap', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(lesson, workForm({ caption: `гонка ${i}` }, { bytes: png }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await mine(anna.token)).filter((w) => w.status === 'pending')).toHaveLength(3);
    await clearWorks(anna.id);
  });
});

describe('the author’s own works', () => {
  it('the author sees their pending work on the lesson; the public and other users do not', async () => {
    const work = await submit(lesson, anna.token, 'ждёт проверки');
    expect((await mine(anna.token)).map((w) => w.id)).toContain(work.id);
    expect((await mine(boris.token)).map((w) => w.id)).not.toContain(work.id);
    expect((await mine(anna.token, otherLesson)).map((w) => w.id)).not.toContain(work.id);
    expect((await lessonWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    const guest = await t.app.inject({ method: 'GET', url: `/api/student-works/lessons/${lesson}/mine` });
    expect(guest.statusCode).toBe(401);
  });

  it('the author’s data export lists their works with the photo’s address; nobody else’s', async () => {
    const work = await submit(lesson, anna.token, 'в выгрузке');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(anna.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().studentWorks).toContainEqual(
      expect.objectContaining({
        id: work.id,
        lessonId: lesson,
        caption: 'в выгрузке',
        image: `/uploads/${keyOf(work.image!.large)}`,
      }),
    );
    const ofBoris = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(boris.token) });
    expect(ofBoris.json().studentWorks.map((w: { id: string }) => w.id)).not.toContain(work.id);
    await clearWorks(anna.id);
  });

  it('someone else cannot delete my work (404, still there); I can, and its photo goes', async () => {
    const work = await submit(lesson, anna.token, 'моя работа');
    for (const token of [boris.token, stranger.token]) {
      const res = await ownDelete(work.id, token);
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/student-works/${work.id}` })).statusCode).toBe(401);
    expect((await mine(anna.token)).map((w) => w.id)).toContain(work.id);
    expect(onDisk(work.image!.large)).toBe(true);
    const res = await ownDelete(work.id, anna.token);
    expect(res.json()).toMatchObject({ success: true, message: 'Работа удалена' });
    expect((await mine(anna.token)).map((w) => w.id)).not.toContain(work.id);
    expect(onDisk(work.image!.large)).toBe(false);
    expect((await ownDelete(work.id, anna.token)).statusCode).toBe(404);
    await clearWorks(anna.id);
  });
});

describe('moderation (admin)', () => {
  const probe = '00000000-0000-4000-8000-000000000001';
  it.each([
    ['GET', '/api/student-works/admin'],
    ['PUT', `/api/student-works/admin/${probe}/approve`],
    ['PUT', `/api/student-works/admin/${probe}/reject`],
    ['DELETE', `/api/student-works/admin/${probe}`],
  ] as const)('%s %s: guest → 401, customer → 403', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    expect((await t.app.inject({ method, url, headers: bearer(anna.token) })).statusCode).toBe(403);
  });

  it('approve makes the work public on its lesson and on the home page at once (cache and rendered pages)', async () => {
    const work = await submit(lesson, anna.token, 'Пионы из шёлка');
    // Cached before the approval.
    expect((await lessonWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    const approved = await moderate(work.id, 'approve');
    expect(approved.json()).toMatchObject({ message: 'Работа одобрена', data: { status: 'approved' } });
    const onLesson = (await lessonWorks()).find((w) => w.id === work.id);
    expect(onLesson).toMatchObject({ authorName: 'Анна', caption: 'Пионы из шёлка', status: 'approved' });
    // Approved: the photo moved to public storage, under /uploads/ for everyone.
    expect(onLesson?.image?.thumb).toBe(`/uploads/${keyOf(work.image!.thumb)}`);
    expect(inStore('public', work.image!.thumb)).toBe(true);
    expect(inStore('private', work.image!.thumb)).toBe(false);
    const recent = (await recentWorks()).find((w) => w.id === work.id);
    expect(recent).toMatchObject({ lessonId: lesson, lessonTitle: { ru: 'Пионы', en: 'Peonies' } });
    expect((await lessonWorks(otherLesson)).map((w) => w.id)).not.toContain(work.id);
    // An unpublished lesson's works are not public.
    await t.database.db.update(lessons).set({ published: false }).where(eq(lessons.id, lesson));
    t.app.cache.invalidate('training');
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    expect(await lessonWorks()).toEqual([]);
    await t.database.db.update(lessons).set({ published: true }).where(eq(lessons.id, lesson));
    t.app.cache.invalidate('training');
    await clearWorks(anna.id);
  });

  it('reject hides the work and removes its photo; a rejected work cannot be approved (409)', async () => {
    const work = await submit(lesson, anna.token, 'будет отклонена');
    await moderate(work.id, 'approve');
    expect((await lessonWorks()).map((w) => w.id)).toContain(work.id);
    const rejected = await moderate(work.id, 'reject');
    expect(rejected.json()).toMatchObject({ message: 'Работа отклонена', data: { status: 'rejected', image: null } });
    expect(onDisk(work.image!.large)).toBe(false);
    expect(onDisk(work.image!.thumb)).toBe(false);
    expect((await lessonWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await mine(anna.token)).find((w) => w.id === work.id)).toMatchObject({ status: 'rejected', image: null });
    const again = await moderate(work.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('STUDENT_WORK_HAS_NO_PHOTO');
    await clearWorks(anna.id);
  });

  it('delete removes the work and its photo; unknown ids → 404', async () => {
    const work = await submit(lesson, anna.token, 'будет удалена');
    await moderate(work.id, 'approve');
    const gone = await adminDelete(work.id);
    expect(gone.json()).toMatchObject({ message: 'Работа удалена' });
    expect(onDisk(work.image!.large)).toBe(false);
    expect((await lessonWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    for (const action of ['approve', 'reject'] as const) expect((await moderate(work.id, action)).statusCode).toBe(404);
    expect((await adminDelete(work.id)).statusCode).toBe(404);
  });

  it('the owner’s dashboard lists the works waiting for moderation, like reviews', async () => {
    const work = await submit(lesson, boris.token, 'на панели');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/needs-action', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.studentWorks).toContainEqual({ id: work.id, userName: 'Борис', at: work.createdAt });
    expect(data.counts.studentWorks).toBe(data.studentWorks.length);
    await moderate(work.id, 'approve');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/needs-action', headers: bearer(admin.token) });
    expect(after.json().data.studentWorks.map((w: { id: string }) => w.id)).not.toContain(work.id);
    await clearWorks(boris.id);
  });

  it('the admin list filters by status, searches author/email/caption/lesson and shows the email', async () => {
    const pending = await submit(lesson, boris.token, 'Сирень на проволоке');
    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/student-works/admin?${query}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return listEnvelope(AdminStudentWorkSchema).parse(res.json());
    };
    const waiting = await get('status=pending&limit=100');
    expect(waiting.data.every((w) => w.status === 'pending')).toBe(true);
    expect(waiting.data.find((w) => w.id === pending.id)).toMatchObject({
      userEmail: 'boris.w@example.com',
      lessonTitle: { ru: 'Пионы' },
    });
    expect((await get('search=boris.w@')).data.map((w) => w.id)).toContain(pending.id);
    expect((await get('search=Сирень')).data.map((w) => w.id)).toEqual([pending.id]);
    expect((await get('search=Peonies&status=pending')).data.map((w) => w.id)).toContain(pending.id);
    expect((await get('search=100%25')).data).toEqual([]);
    const all = await get('limit=100');
    expect(all.meta.total).toBe(await workCount());
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/student-works/admin?status=lost',
      headers: bearer(admin.token),
    });
    expect(ErrorBodySchema.parse(bad.json()).code).toBe('VALIDATION_ERROR');
    await clearWorks(boris.id);
  });
});

describe('the lesson goes', () => {
  it('deleting a lesson (no orders) takes its works and their photos with it', async () => {
    const doomed = await lessonWithFiles(t);
    const work = await submit(doomed, admin.token, 'урок удалят');
    await moderate(work.id, 'approve');
    expect(onDisk(work.image!.large)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/lessons/${doomed}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(onDisk(work.image!.large)).toBe(false);
    expect((await recentWorks()).map((w) => w.id)).not.toContain(work.id);
    expect((await t.database.db.select().from(studentWorks).where(eq(studentWorks.id, work.id))).length).toBe(0);
  });
});

describe('public reads', () => {
  it.each(['limit=0', 'limit=1000', 'limit=x'])('GET /api/student-works?%s → 400', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/student-works?${query}` });
    expect(res.statusCode).toBe(400);
  });

  it('limits the home page list and shows the newest first', async () => {
    const first = await submit(lesson, anna.token, 'раньше');
    const second = await submit(lesson, boris.token, 'позже');
    await moderate(first.id, 'approve');
    await moderate(second.id, 'approve');
    expect((await recentWorks('?limit=1')).map((w) => w.id)).toEqual([second.id]);
    expect((await lessonWorks()).map((w) => w.id).slice(0, 2)).toEqual([second.id, first.id]);
    await clearWorks(anna.id);
    await clearWorks(boris.id);
  });
});
