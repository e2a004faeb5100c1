/**
 * The lesson player for learning a technique, in Chromium, on the real sample clip (5 s, 25 fps):
 * the admin gives a lesson chapters and English/Russian subtitles files (the editor checks a file
 * on import); a buyer opens the lesson in English → the English subtitles show first, over the
 * picture; speed by select and by keys (kept on the account), the mirror toggle, a chapter jump,
 * frame steps, and an A–B loop that keeps looping (also after seeking out of it); axe is clean
 * with the player's controls and shortcuts open, and nothing overflows at 360 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT, REQUEST_TIMEOUT } from '../src/timeouts';

const session = useBrowser({ fresh: true });

const TITLE = { ru: 'Лепесток розы крупным планом', en: 'A rose petal up close', es: 'Un pétalo de rosa de cerca' };
const EN_VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nFold the petal in half\n';
const RU_VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nСложите лепесток пополам\n';
const CHAPTERS = [
  { startSeconds: 0, title: { ru: 'Подготовка', en: 'Getting ready', es: 'Preparación' } },
  { startSeconds: 2, title: { ru: 'Лепесток', en: 'The petal', es: 'El pétalo' } },
  { startSeconds: 4, title: { ru: 'Финал', en: 'Finishing', es: 'Final' } },
];

let adminToken = '';
let lessonId = '';
let lessonFields: Record<string, unknown> = {};

/** A published free lesson with the sample clip, made through the admin API as the form sends it. */
async function createLesson(token: string): Promise<string> {
  lessonFields = {
    number: 50_000 + Math.floor(Math.random() * 40_000),
    title: TITLE,
    description: { ru: 'Урок для проверки плеера.' },
    level: 'basic',
    price: { rub: 0, eur: null, usd: null },
    published: true,
  };
  const sample = await readFile(new URL('../../apps/server/src/demo/assets/lesson-sample.mp4', import.meta.url));
  const form = new FormData();
  form.set('data', JSON.stringify(lessonFields));
  form.set('video', new Blob([sample], { type: 'video/mp4' }), 'petal.mp4');
  const res = await fetch(`${baseUrl()}/api/admin/lessons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  lessonId = await createLesson(adminToken);
  await apiData(baseUrl(), `/admin/lessons/${lessonId}/chapters`, {
    token: adminToken,
    method: 'PUT',
    body: { chapters: CHAPTERS },
  });
});

afterAll(async () => {
  // Bought lessons cannot be deleted: it leaves the catalogue unpublished.
  if (lessonId) {
    await apiData(baseUrl(), `/admin/lessons/${lessonId}`, {
      token: adminToken,
      method: 'PUT',
      body: { ...lessonFields, published: false },
    });
  }
});

const video = (page: Page) => page.getByTestId('lesson-video');
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const seek = (page: Page, seconds: number) =>
  video(page).evaluate((element: HTMLVideoElement, to: number) => {
    element.currentTime = to;
  }, seconds);
const status = (page: Page) => page.getByTestId('player-status');

/**
 * Samples the clock every animation frame for `ms` of playback, or until it has jumped back
 * `wrapsWanted` times (a loop): how often it jumped back, the largest and the smallest time.
 */
async function watchPlayback(page: Page, ms: number, wrapsWanted = Number.POSITIVE_INFINITY) {
  return video(page).evaluate(
    (element: HTMLVideoElement, [duration, wanted]: number[]) =>
      new Promise<{ wraps: number; max: number; min: number }>((resolve) => {
        let last = element.currentTime;
        let wraps = 0;
        let max = last;
        let min = last;
        const end = performance.now() + duration!;
        const tick = () => {
          const now = element.currentTime;
          if (now < last - 0.3) wraps++;
          max = Math.max(max, now);
          min = Math.min(min, now);
          last = now;
          if (performance.now() < end && wraps < wanted!) requestAnimationFrame(tick);
          else resolve({ wraps, max, min });
        };
        requestAnimationFrame(tick);
      }),
    [ms, wrapsWanted],
  );
}

describe('the lesson player', () => {
  it('the admin imports subtitles files in the editor: a malformed one is refused naming its line, the server keeps them per language', async () => {
    const page = await session.newPage({ locale: 'en-US' });
    await useToken(page, adminToken);
    await page.goto('/admin/lessons?lang=en');
    await page.getByRole('heading', { level: 1, name: 'Video lessons' }).waitFor();
    await page.getByRole('button', { name: `Chapters and subtitles — ${TITLE.en}` }).click();
    const dialog = page.getByRole('dialog', { name: `Chapters and subtitles: ${TITLE.en}` });
    await dialog.getByLabel('Starts at (m:ss)').nth(1).waitFor();
    await expect(dialog.getByLabel('Title (EN)').nth(1).inputValue()).resolves.toBe('The petal');

    await dialog.getByRole('button', { name: 'EN', exact: true }).click();
    const importFile = (name: string, text: string) =>
      dialog
        .getByLabel('Import subtitles file (.vtt)')
        .setInputFiles({ name, mimeType: 'text/vtt', buffer: Buffer.from(text) });
    await importFile('petal-en.vtt', 'WEBVTT\n\n00:00.000 -> 00:05.000\nFold the petal in half\n');
    await dialog
      .getByText(
        'petal-en.vtt was not imported: line 3 should hold the times of a cue, such as 00:01.000 --> 00:04.000.',
      )
      .waitFor();
    await importFile('petal-en.vtt', EN_VTT);
    await dialog.getByText('1 cue imported from petal-en.vtt. Save to keep it.').waitFor();
    await expect(dialog.getByTestId('subtitle-cue').getByLabel('Words').inputValue()).resolves.toBe(
      'Fold the petal in half',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save subtitles (EN)' }).click();
    await dialog
      .getByTestId('subtitles-stored')
      .getByText(/^Saved: /)
      .waitFor();

    // Russian from another file.
    await dialog.getByRole('button', { name: 'RU', exact: true }).click();
    await importFile('petal-ru.vtt', RU_VTT);
    await expect
      .poll(() => dialog.getByTestId('subtitle-cue').getByLabel('Words').inputValue())
      .toBe('Сложите лепесток пополам');
    await dialog.getByRole('button', { name: 'Save subtitles (RU)' }).click();
    await dialog
      .getByTestId('subtitles-stored')
      .getByText(/^Saved: /)
      .waitFor();

    const media = await apiData<{ subtitles: Record<string, unknown> }>(baseUrl(), `/admin/lessons/${lessonId}/media`, {
      token: adminToken,
    });
    expect(Object.keys(media.subtitles).sort()).toEqual(['en', 'ru']);
  });

  it('a buyer learns with it: subtitles of the interface language, speed, mirror, chapters, frames and an A–B loop', async () => {
    const { token } = await verifiedUser(baseUrl(), newEmail('player'));
    await apiData(baseUrl(), `/training/lessons/${lessonId}/purchase`, { token, method: 'POST', body: {} });
    const page = await session.newPage({ locale: 'en-US' });
    await useToken(page, token);
    await page.goto(`/training-detail/${lessonId}?lang=en`);
    const player = page.getByRole('region', { name: `Video player: ${TITLE.en}` });
    await player.waitFor();
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    // The clip's length is known before it plays (5 s).
    await page.getByTestId('player-duration').getByText('0:05').waitFor();

    // Subtitles: English (the interface language) first and on; drawn over the picture.
    const subtitles = page.getByLabel('Subtitles', { exact: true });
    await expect(subtitles.inputValue()).resolves.toBe('en');
    await expect(
      subtitles.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).resolves.toEqual(['off', 'en', 'ru']);
    await page.getByTestId('player-play').click();
    await page.getByTestId('player-captions').getByText('Fold the petal in half').waitFor();
    const modes = await video(page).evaluate((element: HTMLVideoElement) =>
      Array.from(element.textTracks, (track) => `${track.language}:${track.mode}`),
    );
    expect(modes.sort()).toEqual(['en:hidden', 'ru:disabled']);
    await subtitles.selectOption('ru');
    await page.getByTestId('player-captions').getByText('Сложите лепесток пополам').waitFor();
    await expect(page.getByTestId('player-captions').getAttribute('lang')).resolves.toBe('ru');
    await subtitles.selectOption('en');

    // Speed: the select, then the keys (> faster, < slower) while the player has focus.
    await page.getByLabel('Speed').selectOption('0.5');
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(0.5);
    await player.focus();
    await page.keyboard.press('Shift+Period');
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(0.75);
    await expect.poll(() => status(page).textContent()).toBe('Speed 0.75×');
    await expect(page.getByLabel('Speed').inputValue()).resolves.toBe('0.75');

    // Mirror: the button (pressed), the picture flipped; R flips it back.
    const mirror = page.getByRole('button', { name: 'Mirror the picture' });
    await mirror.click();
    await expect(mirror.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => getComputedStyle(element).transform))
      .toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await expect(status(page).textContent()).resolves.toBe('Picture mirrored');
    // The subtitles are not mirrored with the picture.
    await expect(
      page.getByTestId('player-captions').evaluate((element) => getComputedStyle(element).transform),
    ).resolves.toBe('none');
    await player.focus();
    await page.keyboard.press('r');
    await expect.poll(() => mirror.getAttribute('aria-pressed')).toBe('false');
    await mirror.click();

    // The settings are the account's: the server has them now.
    await expect
      .poll(() => apiData<{ speed: number; mirrored: boolean }>(baseUrl(), '/training/player-settings', { token }))
      .toEqual({ speed: 0.75, mirrored: true, subtitles: 'en' });

    // Chapters: listed, the jump, the current one shown.
    const chapters = page.getByTestId('player-chapters').getByRole('button');
    const listed = (await chapters.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatch(/^0:00 Getting ready/);
    // The chapter being played carries "now playing": the video may be anywhere by now.
    expect(listed[1]).toMatch(/^0:02 The petal( now playing)?$/);
    expect(listed[2]).toMatch(/^0:04 Finishing( now playing)?$/);
    await chapters.filter({ hasText: 'The petal' }).click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(2);
    await page.getByTestId('player-current-chapter').getByText('Chapter: The petal').waitFor();
    await expect(chapters.filter({ hasText: 'The petal' }).getAttribute('aria-current')).resolves.toBe('true');
    await expect.poll(() => status(page).textContent()).toBe('Chapter The petal, 0:02');

    // Frame by frame: pauses, then one frame (1/25 s) per key.
    await player.focus();
    await page.keyboard.press('k');
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    // From the middle of the clip: on a busy machine it may have played to its end meanwhile,
    // where there is no next frame to step to.
    await seek(page, 2.5);
    await expect.poll(() => currentTime(page)).toBe(2.5);
    await player.focus();
    const before = await currentTime(page);
    await page.keyboard.press('Period');
    await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 0.02);
    const stepped = (await currentTime(page)) - before;
    expect(stepped).toBeLessThan(0.05);
    await page.keyboard.press('Comma');
    await expect.poll(async () => Math.abs((await currentTime(page)) - before)).toBeLessThan(0.005);

    // A–B loop: A by key at 1 s, B by button at 2.2 s, then play: it keeps returning to A.
    await seek(page, 1);
    await expect.poll(() => currentTime(page)).toBe(1);
    await player.focus();
    await page.keyboard.press('a');
    await expect.poll(() => status(page).textContent()).toBe('Loop start set at 0:01');
    await seek(page, 2.2);
    await expect.poll(() => currentTime(page)).toBeCloseTo(2.2, 5);
    await page.getByTestId('player-loop-end').click();
    await page.getByTestId('player-loop').getByText('Loop: 0:01–0:02').waitFor();
    // At 1280 px the loop's button and its line keep their words on one line each.
    for (const testId of ['player-loop-clear', 'player-loop']) {
      const { lines, whiteSpace } = await page.getByTestId(testId).evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return {
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          // Kept on one line in every language, not only where this one's words happen to fit.
          whiteSpace: getComputedStyle(element).whiteSpace,
        };
      });
      expect(lines, testId).toBe(1);
      expect(whiteSpace, testId).toBe('nowrap');
    }
    await page.getByLabel('Speed').selectOption('1');
    await page.getByTestId('player-play').click();
    const looping = await watchPlayback(page, 10_000, 2);
    expect(looping.wraps).toBeGreaterThanOrEqual(2);
    expect(looping.max).toBeLessThan(2.2 + 0.25);
    expect(looping.min).toBeGreaterThanOrEqual(1 - 0.05);

    // Seeking out of the loop keeps it: past B it comes back to A at once, before A it plays into it.
    await seek(page, 4);
    const afterSeek = await watchPlayback(page, 1_500);
    expect(afterSeek.max).toBeLessThan(4.5);
    expect(await currentTime(page)).toBeLessThan(2.2 + 0.25);
    expect(await currentTime(page)).toBeGreaterThanOrEqual(1 - 0.05);
    await seek(page, 0.2);
    const fromStart = await watchPlayback(page, 10_000, 1);
    expect(fromStart.wraps).toBeGreaterThanOrEqual(1);
    expect(fromStart.max).toBeLessThan(2.2 + 0.25);
    await expect(page.getByTestId('player-loop').textContent()).resolves.toBe('Loop: 0:01–0:02');

    // X removes it: playback runs past B again.
    await player.focus();
    await page.keyboard.press('x');
    await expect.poll(() => status(page).textContent()).toBe('Loop removed');
    await expect(page.getByTestId('player-loop').count()).resolves.toBe(0);
    await seek(page, 2);
    await expect.poll(() => currentTime(page), { timeout: ACTION_TIMEOUT }).toBeGreaterThan(2.6);
    await page.getByTestId('player-play').click();

    // Axe with the controls and the shortcuts help open.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByText('Set the loop end (B): playback returns to A there').waitFor();
    await expectNoAxeViolations(page);

    // Coming back: the account's settings apply again (speed 1 and mirrored, chosen above).
    await page.reload();
    await player.waitFor();
    await expect.poll(() => page.getByLabel('Speed').inputValue()).toBe('1');
    await expect.poll(() => mirror.getAttribute('aria-pressed')).toBe('true');
    await expect(
      video(page).evaluate((element: HTMLVideoElement) => getComputedStyle(element).transform),
    ).resolves.toBe('matrix(-1, 0, 0, 1, 0, 0)');

    // A phone: every control reachable, nothing wider than the screen; axe clean there too.
    const phone = await session.newPage({ mobile: true, locale: 'en-US' });
    await useToken(phone, token);
    await phone.goto(`/training-detail/${lessonId}?lang=en`);
    await phone.getByRole('region', { name: `Video player: ${TITLE.en}` }).waitFor();
    await phone.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(phone);
  });

  it('a guest and a customer who has not bought the lesson never load the player', async () => {
    const { token } = await verifiedUser(baseUrl(), newEmail('no-player'));
    for (const auth of [null, token]) {
      const page = await session.newPage({ locale: 'en-US' });
      if (auth) await useToken(page, auth);
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`/training-detail/${lessonId}?lang=en`);
      await page.getByRole('heading', { level: 1, name: TITLE.en }).waitFor();
      // A free lesson: its video opens once the visitor starts it.
      await page.getByText('The video opens once you start the lesson').waitFor();
      await expect(page.getByTestId('lesson-player').count()).resolves.toBe(0);
      expect(fetched.filter((path) => /\/lesson-player-[^/]*\.js$|\/subtitles\/|player-settings/.test(path))).toEqual(
        [],
      );
    }
  });
});
