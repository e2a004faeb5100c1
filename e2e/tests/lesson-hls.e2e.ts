/**
 * Adaptive streaming of a lesson, in Chromium, on a server of its own with HLS on (the shared
 * server runs with HLS=off, so the other journeys keep the MP4): the admin uploads a 720p clip
 * made by ffmpeg here, the background job transcodes it (the admin panel shows it done with its
 * renditions), and a buyer's player plays the master playlist through hls.js; forcing 360p and
 * then 720p in the quality menu switches the rendition playing (hls.js level switched), back to
 * Auto; speed, mirror and a key jump work on the HLS video too; axe is clean with the quality menu, and nothing overflows at 360 px.
 * On a throttled connection (slow 4G, emulated through the DevTools protocol) playback starts on
 * the lowest rendition: its media playlist and its segment are the first ones asked for, and the
 * first rendition playing is 360p.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { makeDataDir, removeDir, type ServerProcess, startServer } from '../src/server';
import { ACTION_TIMEOUT, budget, REQUEST_TIMEOUT } from '../src/timeouts';

const run = promisify(execFile);
const session = useBrowser({ fresh: true });
const ADMIN = { email: 'hls-admin@example.com', password: 'Hls-Orchid-2026' };
const TITLE = { ru: 'Стебель крупным планом', en: 'A stem up close', es: 'Un tallo de cerca' };

let server: ServerProcess | undefined;
let dataDir = '';
let work = '';
let base = '';
let lessonId = '';

beforeAll(async () => {
  dataDir = makeDataDir('atelier-e2e-hls-');
  server = await startServer({
    main: inject('serverMain'),
    dataDir,
    seedDemo: false,
    logLevel: 'warn',
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, HLS: 'auto' },
  });
  base = server.url;

  // 12 s at 720p with a tone: three segments per rendition, two renditions (360p, 720p).
  work = mkdtempSync(join(tmpdir(), 'atelier-e2e-hls-clip-'));
  const clip = join(work, 'clip.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
  const token = await login(base, ADMIN);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      number: 7,
      title: TITLE,
      description: { ru: 'Урок для проверки HLS.' },
      level: 'basic',
      price: { rub: 0, eur: null, usd: null },
      published: true,
    }),
  );
  form.set('video', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'stem.mp4');
  const res = await fetch(`${base}/api/admin/lessons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  lessonId = ((await res.json()) as { data: { id: string } }).data.id;
}, budget(60_000));

afterAll(async () => {
  await server?.stop('SIGTERM');
  if (dataDir) removeDir(dataDir);
  if (work) rmSync(work, { recursive: true, force: true });
});

const player = (page: Page) => page.getByTestId('lesson-player');

describe('adaptive streaming', () => {
  it(
    'the admin sees the transcode finish with its renditions',
    async () => {
      const token = await login(base, ADMIN);
      await expect
        .poll(async () => (await apiData<{ state: string }>(base, `/admin/lessons/${lessonId}/hls`, { token })).state, {
          timeout: budget(50_000),
          interval: 1000,
        })
        .toBe('done');

      const page = await session.newPage({ baseURL: base, locale: 'en-US' });
      await useToken(page, token);
      await page.goto('/admin/lessons?lang=en');
      await page.getByRole('button', { name: `Chapters and subtitles — ${TITLE.en}` }).click();
      const dialog = page.getByRole('dialog', { name: `Chapters and subtitles: ${TITLE.en}` });
      const status = dialog.getByTestId('lesson-hls-status');
      await status.getByText('Qualities: 360p, 720p').waitFor();
      await expect(status.getAttribute('data-state')).resolves.toBe('done');
      await expectNoAxeViolations(page);
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), 'atelier-hls-admin-1280.png') });
      await page.setViewportSize({ width: 360, height: 800 });
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), 'atelier-hls-admin-360.png') });
      await page.context().close();
    },
    budget(60_000),
  );

  it(
    'a buyer plays it through hls.js, and a forced rendition switches what plays',
    async () => {
      const { token } = await verifiedUser(base, newEmail('hls'));
      await apiData(base, `/training/lessons/${lessonId}/purchase`, { token, method: 'POST', body: {} });
      const page = await session.newPage({ baseURL: base, locale: 'en-US' });
      await useToken(page, token);
      const playlists: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/hls/')) playlists.push(new URL(request.url()).pathname);
      });
      await page.goto(`/training-detail/${lessonId}?lang=en`);
      await player(page).waitFor();
      await expect.poll(() => player(page).getAttribute('data-stream')).toBe('hls');
      await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => {
        element.muted = true;
      });
      await page.getByTestId('player-play').click();
      await expect
        .poll(() => page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.currentTime), {
          timeout: ACTION_TIMEOUT,
        })
        .toBeGreaterThan(0.5);
      // The MP4 was never asked for: the master, a media playlist and its segments were.
      expect(playlists.some((path) => path.endsWith('/master.m3u8'))).toBe(true);
      expect(playlists.some((path) => path.endsWith('.m4s'))).toBe(true);
      expect(await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.src)).toMatch(
        /^blob:/,
      );

      const quality = page.getByLabel('Quality');
      await expect(
        quality.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
      ).resolves.toEqual(['auto', '360', '720']);

      await quality.selectOption('360');
      await expect.poll(() => player(page).getAttribute('data-stream-height'), { timeout: ACTION_TIMEOUT }).toBe('360');
      await expect.poll(() => page.getByTestId('player-status').textContent()).toBe('360p');
      await quality.selectOption('720');
      await expect.poll(() => player(page).getAttribute('data-stream-height'), { timeout: ACTION_TIMEOUT }).toBe('720');
      expect(playlists.some((path) => path.endsWith('/360p/index.m3u8'))).toBe(true);
      expect(playlists.some((path) => path.endsWith('/720p/index.m3u8'))).toBe(true);
      await quality.selectOption('auto');
      await expect(quality.inputValue()).resolves.toBe('auto');

      // Still playing after the switches.
      const before = await page
        .getByTestId('lesson-video')
        .evaluate((element: HTMLVideoElement) => element.currentTime);
      await expect
        .poll(() => page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.currentTime), {
          timeout: ACTION_TIMEOUT,
        })
        .toBeGreaterThan(before);

      // The player's own tools act on the same <video>: speed, mirror, a jump by key.
      await page.getByLabel('Speed').selectOption('0.5');
      await expect
        .poll(() => page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.playbackRate))
        .toBe(0.5);
      await page.getByRole('button', { name: 'Mirror the picture' }).click();
      await expect(page.getByTestId('lesson-video').getAttribute('data-mirrored')).resolves.toBe('true');
      const beforeJump = await page
        .getByTestId('lesson-video')
        .evaluate((element: HTMLVideoElement) => element.currentTime);
      await player(page).focus();
      await page.keyboard.press('KeyL');
      await expect
        .poll(() => page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(Math.min(beforeJump + 5, 11));

      await expectNoAxeViolations(page);
      await page.screenshot({ path: join(tmpdir(), 'atelier-hls-1280.png') });

      await page.setViewportSize({ width: 360, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(tmpdir(), 'atelier-hls-360.png'), fullPage: false });
      await page.context().close();
    },
    budget(40_000),
  );

  it(
    'on a slow connection playback starts on the lowest rendition',
    async () => {
      const { token } = await verifiedUser(base, newEmail('hls-slow'));
      await apiData(base, `/training/lessons/${lessonId}/purchase`, { token, method: 'POST', body: {} });
      const page = await session.newPage({ baseURL: base, locale: 'en-US' });
      await useToken(page, token);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // Lighthouse's mobile profile: 150 ms, 1.6 Mbit/s down, 750 kbit/s up.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      const media: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/\/hls\/.*\/\d+p\/(index\.m3u8|init\.mp4|seg_\d+\.m4s)$/.test(path)) media.push(path);
      });
      // Every rendition the player reports playing, in order, from the moment the player is there.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { streamHeights: string[] }).streamHeights = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            const height = (record.target as Element).getAttribute('data-stream-height');
            if (height && seen.at(-1) !== height) seen.push(height);
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-stream-height'] });
      });
      await page.goto(`/training-detail/${lessonId}?lang=en`);
      await player(page).waitFor({ timeout: ACTION_TIMEOUT });
      await expect.poll(() => player(page).getAttribute('data-stream'), { timeout: ACTION_TIMEOUT }).toBe('hls');
      await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => {
        element.muted = true;
      });
      await page.getByTestId('player-play').click();
      await expect
        .poll(() => page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.currentTime), {
          timeout: budget(20_000),
        })
        .toBeGreaterThan(0.2);
      const heights = await page.evaluate(() => (window as unknown as { streamHeights: string[] }).streamHeights);
      const first = (suffix: RegExp) => media.find((path) => suffix.test(path));
      expect(first(/index\.m3u8$/), media.join('\n')).toMatch(/\/360p\/index\.m3u8$/);
      expect(first(/seg_\d+\.m4s$/), media.join('\n')).toMatch(/\/360p\/seg_00000\.m4s$/);
      expect(heights[0]).toBe('360');
      await page.context().close();
    },
    budget(40_000),
  );
});
