/**
 * Lesson progress and the course certificate, in Chromium: a learner of a two-lesson course plays
 * the first lesson's clip to the end in the player (the stretches it reports complete the lesson),
 * starts the second (through the API, as the player would report it) and finds it under "continue
 * where you left off" on /training; once the second is watched the course page shows 2 of 2 and
 * the certificate, whose PDF downloads, also listed in the account; its verification page shows the
 * name, the course and that it is genuine, an unknown code is a 404 page; axe is clean on each,
 * nothing overflows at 360 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, downloadedBytes, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT, REQUEST_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

const COURSE = { ru: 'Курс: розы для сертификата', en: 'Course: roses for a certificate', es: 'Curso: rosas' };
const LESSONS = [
  { ru: 'Роза: лепестки', en: 'Rose: petals', es: 'Rosa: pétalos' },
  { ru: 'Роза: сборка', en: 'Rose: assembly', es: 'Rosa: montaje' },
];

let adminToken = '';
let courseId = '';
const lessonIds: string[] = [];
const lessonFields: Record<string, unknown>[] = [];

/** A free published lesson with the 5-second sample clip, made through the admin API. */
async function createLesson(title: (typeof LESSONS)[number]): Promise<string> {
  const fields = {
    number: 60_000 + Math.floor(Math.random() * 30_000),
    title,
    description: { ru: 'Урок курса с сертификатом.' },
    level: 'basic',
    price: { rub: 0, eur: null, usd: null },
    published: true,
  };
  lessonFields.push(fields);
  const sample = await readFile(new URL('../../apps/server/src/demo/assets/lesson-sample.mp4', import.meta.url));
  const form = new FormData();
  form.set('data', JSON.stringify(fields));
  form.set('video', new Blob([sample], { type: 'video/mp4' }), 'rose.mp4');
  const res = await fetch(`${baseUrl()}/api/admin/lessons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  for (const title of LESSONS) lessonIds.push(await createLesson(title));
  courseId = (
    await apiData<{ id: string }>(baseUrl(), '/admin/courses', {
      token: adminToken,
      method: 'POST',
      body: {
        title: COURSE,
        description: { ru: 'Два коротких урока.' },
        level: 'basic',
        price: { rub: 0, eur: null, usd: null },
        lessonIds,
        published: true,
      },
    })
  ).id;
});

afterAll(async () => {
  // Bought lessons and courses cannot be deleted: they leave the catalogue unpublished.
  if (courseId) {
    await apiData(baseUrl(), `/admin/courses/${courseId}`, {
      token: adminToken,
      method: 'PUT',
      body: {
        title: COURSE,
        description: { ru: 'Два коротких урока.' },
        level: 'basic',
        price: { rub: 0, eur: null, usd: null },
        lessonIds,
        published: false,
      },
    });
  }
  for (const [index, id] of lessonIds.entries()) {
    await apiData(baseUrl(), `/admin/lessons/${id}`, {
      token: adminToken,
      method: 'PUT',
      body: { ...lessonFields[index], published: false },
    });
  }
});

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('progress and the course certificate', () => {
  it('a learner completes the course; the certificate downloads and its verification page confirms it, until the course order is cancelled', async () => {
    const learner = await verifiedUser(baseUrl(), {
      name: 'Анна Ёлкина',
      email: newEmail('certificate'),
      password: 'Silk-Peony-2024',
    });
    const { token } = learner;
    const { order } = await apiData<{ order: { id: string } }>(baseUrl(), `/training/courses/${courseId}/purchase`, {
      token,
      method: 'POST',
      body: {},
    });
    const page = await session.newPage();
    await useToken(page, token);

    // Lesson 1 in the player, from start to end at 2×: what it plays is reported and completes it.
    await page.goto(`/training-detail/${lessonIds[0]}`);
    const video = page.getByTestId('lesson-video');
    await video.waitFor();
    await page.getByTestId('player-duration').getByText('0:05').waitFor();
    await page.getByLabel('Скорость').selectOption('2');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.ended), { timeout: ACTION_TIMEOUT })
      .toBe(true);
    await expect
      .poll(
        async () =>
          (
            await apiData<{ lessons: { lessonId: string; completed: boolean }[] }>(baseUrl(), '/training/progress', {
              token,
            })
          ).lessons.find((lesson) => lesson.lessonId === lessonIds[0])?.completed,
        { timeout: ACTION_TIMEOUT },
      )
      .toBe(true);

    // Lesson 2 started (a report as the player sends it): /training offers to continue it.
    await apiData(baseUrl(), `/training/lessons/${lessonIds[1]}/progress`, {
      token,
      method: 'PUT',
      body: { positionSeconds: 2, segments: [{ from: 0, to: 2 }] },
    });
    await page.goto('/training');
    const resume = page.getByTestId('continue-card');
    await resume.waitFor();
    await expect(resume.textContent()).resolves.toContain(LESSONS[1]?.ru);
    await expectNoAxeViolations(page);
    await resume.getByRole('link', { name: /Продолжить/ }).click();
    await page.waitForURL(`**/training-detail/${lessonIds[1]}`);

    // The rest of lesson 2: the course is complete and the certificate issued.
    await apiData(baseUrl(), `/training/lessons/${lessonIds[1]}/progress`, {
      token,
      method: 'PUT',
      body: { positionSeconds: 5, segments: [{ from: 2, to: 5 }] },
    });
    await page.goto(`/training-course/${courseId}`);
    const progress = page.getByTestId('course-progress');
    await progress.getByText('Пройдено уроков: 2 из 2').waitFor();
    await progress.getByText('Курс пройден — поздравляем!').waitFor();
    await expect(page.getByTestId('lesson-completed').count()).resolves.toBe(2);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать сертификат (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^сертификат-[0-9A-Z-]{24}\.pdf$/);
    const pdf = await downloadedBytes(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The account lists it too, with its download and verification page.
    await page.goto('/account/lessons');
    const certificates = page.getByTestId('account-certificates');
    await certificates.getByText(COURSE.ru, { exact: true }).waitFor();
    await certificates.getByRole('button', { name: `Скачать сертификат (PDF) — ${COURSE.ru}` }).waitFor();
    await expectNoAxeViolations(page);

    // The verification page, as the PDF's address opens it: on a phone, in English.
    await certificates.getByRole('link', { name: `Страница проверки — ${COURSE.ru}` }).click();
    await page.waitForURL(/\/certificate\/[0-9A-Z-]{24}$/);
    const address = new URL(page.url()).pathname;
    const phone = await session.newPage({ mobile: true, locale: 'en-US' });
    const res = await phone.goto(`${address}?lang=en`);
    expect(res?.status()).toBe(200);
    const valid = phone.getByTestId('certificate-valid');
    await valid.getByRole('heading', { level: 1, name: 'This certificate is genuine' }).waitFor();
    await expect(phone.getByTestId('certificate-name').textContent()).resolves.toBe('Анна Ёлкина');
    await expect(phone.getByTestId('certificate-course').textContent()).resolves.toBe(COURSE.en);
    await noHorizontalOverflow(phone);
    await expectNoAxeViolations(phone);

    const unknown = await phone.goto('/certificate/ABCD-ABCD-ABCD-ABCD-ABCD?lang=en');
    expect(unknown?.status()).toBe(404);
    await phone.getByTestId('certificate-not-found').getByText('Certificate not found').first().waitFor();
    await expectNoAxeViolations(phone);

    // The course order cancelled (refunded): the same address now says the certificate was revoked,
    // and when; the PDF is no longer given.
    await apiData(baseUrl(), `/orders/${order.id}/status`, {
      token: adminToken,
      method: 'PATCH',
      body: { status: 'cancelled' },
    });
    const code = address.split('/').at(-1) as string;
    const checked = await apiData<{ valid: boolean; revokedAt: string | null }>(baseUrl(), `/certificates/${code}`);
    expect(checked.valid).toBe(false);
    expect(checked.revokedAt).not.toBeNull();
    const pdfAfter = await fetch(`${baseUrl()}/api/training/certificates/${code}/pdf`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
    expect(pdfAfter.status).toBe(410);
    const again = await phone.goto(`${address}?lang=en`);
    expect(again?.status()).toBe(200);
    const revoked = phone.getByTestId('certificate-revoked');
    await revoked.getByRole('heading', { level: 1, name: 'This certificate has been revoked' }).waitFor();
    await phone.getByTestId('certificate-revoked-on').waitFor();
    await expect(phone.getByTestId('certificate-valid').count()).resolves.toBe(0);
    await noHorizontalOverflow(phone);
    await expectNoAxeViolations(phone);
  });
});
