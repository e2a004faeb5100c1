/**
 * Subtitles as a list of cues, on the real sample clip (5 s): at 1280 px the admin plays the
 * lesson's video in the subtitles editor, adds a cue at the current time, types its words and
 * saves; the preview shows the cue on its own video, a malformed file is refused on import with
 * the line named, and the export is the file the server keeps. A buyer then opens the lesson: the
 * cue is active on the player's text track once the video is in it. At 360 px the editor fits
 * the screen (nothing wider than its box) and axe is clean.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { downloadedBytes, type PageOptions, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT, REQUEST_TIMEOUT } from '../src/timeouts';

// The journey gives a lesson subtitles and sells it: on a server of its own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-subtitle-cues-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

const TITLE = { ru: 'Субтитры к лепестку', en: 'Subtitles for a petal', es: 'Subtítulos para un pétalo' };
const WORDS = 'Press the petal with a warm tool';

/** A published free lesson with the sample clip, made through the admin API as the form sends it. */
async function createLesson(token: string): Promise<string> {
  const fields = {
    number: 90_000 + Math.floor(Math.random() * 9_000),
    title: TITLE,
    description: { ru: 'Урок для проверки субтитров.' },
    level: 'basic',
    price: { rub: 0, eur: null, usd: null },
    published: true,
  };
  const sample = await readFile(new URL('../../apps/server/src/demo/assets/lesson-sample.mp4', import.meta.url));
  const form = new FormData();
  form.set('data', JSON.stringify(fields));
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

async function openEditor(page: Page): Promise<Locator> {
  await page.goto('/admin/lessons?lang=en');
  await page.getByRole('heading', { level: 1, name: 'Video lessons' }).waitFor();
  await page.getByRole('button', { name: `Chapters and subtitles — ${TITLE.en}` }).click();
  const dialog = page.getByRole('dialog', { name: `Chapters and subtitles: ${TITLE.en}` });
  await dialog.getByRole('heading', { name: 'Subtitles', exact: true }).waitFor();
  return dialog;
}

/** The words of the cues active on the video's text tracks now. */
const activeCueTexts = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) =>
    Array.from(element.textTracks).flatMap((track) =>
      Array.from(track.activeCues ?? [], (cue) => (cue as VTTCue).text),
    ),
  );

const seekTo = (video: Locator, seconds: number) =>
  video.evaluate((element: HTMLVideoElement, to: number) => {
    element.currentTime = to;
  }, seconds);

describe('subtitle cues', () => {
  let adminToken = '';
  let lessonId = '';
  let cueStart = 0;
  let cueEnd = 0;

  it('the admin adds a cue at the current time of the playing video, types it and saves', async () => {
    adminToken = await login(baseUrl(), E2E_ADMIN);
    lessonId = await createLesson(adminToken);
    const page = await session.newPage({ locale: 'en-US' });
    await useToken(page, adminToken);
    const dialog = await openEditor(page);
    await dialog.getByRole('button', { name: 'EN', exact: true }).click();
    await dialog.getByText('No cues yet.', { exact: false }).waitFor();

    // A malformed file is refused on import, with the line named; the list stays as it was.
    await dialog.getByLabel('Import subtitles file (.vtt)').setInputFiles({
      name: 'broken.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00.000 -> 00:05.000\nFold the petal\n'),
    });
    await dialog
      .getByText('broken.vtt was not imported: line 3 should hold the times of a cue, such as 00:01.000 --> 00:04.000.')
      .waitFor();
    await expect(dialog.getByTestId('subtitle-cue').count()).resolves.toBe(0);

    // Play the lesson's video in the editor and add a cue while it plays.
    const preview = dialog.getByTestId('subtitles-preview');
    await preview.waitFor();
    await preview.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => preview.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: ACTION_TIMEOUT })
      .toBeGreaterThan(0.5);
    // Stopped where it is: on a loaded machine the 5 s clip could reach its end before the click,
    // and a cue added at the very end has nowhere to go.
    await preview.evaluate((element: HTMLVideoElement) => element.pause());
    await dialog.getByRole('button', { name: /^Add cue at the current time/ }).click();
    const cue = dialog.getByTestId('subtitle-cue');
    await expect(cue.count()).resolves.toBe(1);
    // The words field of the new cue has the focus: type straight away.
    await page.keyboard.type(WORDS);
    await expect(cue.getByLabel('Words').inputValue()).resolves.toBe(WORDS);
    await preview.evaluate((element: HTMLVideoElement) => element.pause());

    const toSeconds = (text: string) => {
      const [minutes, seconds] = text.split(':');
      return Number(minutes) * 60 + Number(seconds);
    };
    cueStart = toSeconds(await cue.getByLabel('Appears at', { exact: true }).inputValue());
    cueEnd = toSeconds(await cue.getByLabel('Disappears at').inputValue());
    expect(cueStart).toBeGreaterThan(0.4);
    // Three seconds by default, cut at the end of the 5 s clip.
    expect(cueEnd).toBeCloseTo(Math.min(cueStart + 3, 5.005), 1);

    // "Go to" seeks the video into the cue; the preview shows the cue being edited.
    await seekTo(preview, 0);
    await cue.getByRole('button', { name: /^Go to / }).click();
    await expect
      .poll(() => preview.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeCloseTo(cueStart, 2);
    await seekTo(preview, (cueStart + cueEnd) / 2);
    await expect.poll(() => activeCueTexts(preview), { timeout: ACTION_TIMEOUT }).toEqual([WORDS]);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Save subtitles (EN)' }).click();
    await dialog
      .getByTestId('subtitles-stored')
      .getByText(/^Saved: /)
      .waitFor();

    // The export is the file the server keeps.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export subtitles file (.vtt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('subtitles-en.vtt');
    const exported = (await downloadedBytes(download)).toString('utf8');
    const stored = await apiData<{ vtt: string }>(baseUrl(), `/admin/lessons/${lessonId}/subtitles/en`, {
      token: adminToken,
    });
    expect(exported).toBe(stored.vtt);
    expect(stored.vtt).toContain(`\n${WORDS}\n`);
  });

  it('a buyer plays the lesson: the cue added at that time is active on the video', async () => {
    const { token } = await verifiedUser(baseUrl(), newEmail('cues'));
    await apiData(baseUrl(), `/training/lessons/${lessonId}/purchase`, { token, method: 'POST', body: {} });
    const page = await session.newPage({ locale: 'en-US' });
    await useToken(page, token);
    await page.goto(`/training-detail/${lessonId}?lang=en`);
    await page.getByRole('region', { name: `Video player: ${TITLE.en}` }).waitFor();
    const video = page.getByTestId('lesson-video');
    await page.getByTestId('player-duration').getByText('0:05').waitFor();
    await seekTo(video, (cueStart + cueEnd) / 2);
    await expect.poll(() => activeCueTexts(video), { timeout: ACTION_TIMEOUT }).toEqual([WORDS]);
    await page.getByTestId('player-captions').getByText(WORDS).waitFor();
    // Before the cue, nothing is shown.
    await seekTo(video, Math.max(0, cueStart - 0.3));
    await expect.poll(() => activeCueTexts(video), { timeout: ACTION_TIMEOUT }).toEqual([]);
  });

  it('at 360 px the editor fits the screen and is clean for axe', async () => {
    const page = await session.newPage({ mobile: true, locale: 'en-US' });
    await useToken(page, adminToken);
    const dialog = await openEditor(page);
    // The language saved above is marked.
    await dialog.getByRole('button', { name: 'EN ✓', exact: true }).click();
    const cue = dialog.getByTestId('subtitle-cue');
    await cue.getByLabel('Words').waitFor();
    await expect(cue.getByLabel('Words').inputValue()).resolves.toBe(WORDS);
    // A second cue by keyboard: the button, then typing into the focused words field.
    await dialog.getByRole('button', { name: 'Add cue at the end' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cue.count()).toBe(2);
    await page.keyboard.type('Then the stem');
    await expect(cue.nth(1).getByLabel('Words').inputValue()).resolves.toBe('Then the stem');

    const overflow = await dialog.evaluate((element) => {
      const boxes = [element, ...element.querySelectorAll('form, ol, li, fieldset')];
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        boxes: boxes.filter((box) => box.scrollWidth > box.clientWidth).map((box) => box.outerHTML.slice(0, 120)),
      };
    });
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.boxes).toEqual([]);
    await expectNoAxeViolations(page);

    // Deleting by keyboard: the focus goes to the words of the cue left.
    await dialog.getByRole('button', { name: 'Delete cue 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cue.count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.value))
      .toBe(WORDS);
  });
});
