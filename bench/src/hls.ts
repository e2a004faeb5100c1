/**
 * `npm run bench -- hls`: adaptive streaming of a lesson on this machine (needs ffmpeg).
 *
 *  - Transcode time per minute of video: a 1080p clip (ffmpeg's testsrc2 pattern with a tone,
 *    BENCH_HLS_SECONDS long, 60 by default, 5 Mbit/s H.264 with the index at the front as a good
 *    upload would be) is uploaded through the admin API; the time from the job's start (`running`)
 *    to `done` (three renditions: 360p, 720p, 1080p), divided by the clip's minutes (target ≤ 60 s),
 *    and the time until the lowest rendition plays (it is published before the others are made).
 *  - Time to first frame in Chromium on a throttled connection (slow 4G as Lighthouse's mobile:
 *    150 ms, 1.6 Mbit/s down): the buyer's lesson page, play pressed as soon as the player is
 *    there, to the first frame the video presents (requestVideoFrameCallback); with HLS (hls.js,
 *    automatic rendition) and with the MP4 (the same page, /access answered without the HLS URL).
 *    Both from navigation and from the press; target: HLS from the press ≤ 1.2× the MP4's.
 *  - Bytes downloaded in the first 30 s of playback (unthrottled): HLS pinned to 360p (picked in
 *    the quality menu as soon as it shows) vs the MP4, counted from the network events of the media
 *    requests; target: at most half the MP4's.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { apiData, login, verifiedUser } from '../../e2e/src/api';
import { launchChromium } from '../../e2e/src/chromium';

const run = promisify(execFile);
const CLIP_SECONDS = Number(process.env.BENCH_HLS_SECONDS ?? 60);
const PLAY_SECONDS = 30;

/** Targets: transcode time per minute of video, HLS first frame against the MP4's, bytes of 30 s. */
export const HLS_MAX_TRANSCODE_S_PER_MIN = 60;
export const HLS_MAX_FIRST_FRAME_RATIO = 1.2;
export const HLS_MAX_FIRST30S_RATIO = 0.5;

export interface HlsBench {
  clipSeconds: number;
  clipBytes: number;
  transcodeSeconds: number;
  transcodeSecondsPerMinute: number;
  /** The machine's 1-minute load average when the transcode ended: a busy machine stretches it. */
  loadAverageAfterTranscode?: number;
  /** From the job's start until the lowest rendition plays (published before the others are made). */
  firstRenditionSeconds: number | null;
  renditions: number[];
  throttle: string;
  firstFrame: {
    hls: { fromNavigationMs: number; fromPlayMs: number };
    mp4: { fromNavigationMs: number; fromPlayMs: number };
  };
  first30s: { hls360Bytes: number; mp4Bytes: number; ratio: number };
  /** HLS first frame from play over the MP4's. */
  firstFrameRatio: number;
  targetsMet: boolean;
}

async function makeClip(dir: string): Promise<string> {
  const out = join(dir, 'bench-hls-source.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330', '-t', String(CLIP_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '5M', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', out],
  ]);
  return out;
}

async function upload(base: string, token: string, file: string): Promise<string> {
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      number: 90_000 + Math.floor(Math.random() * 9_000),
      title: { ru: 'Бенчмарк HLS', en: 'HLS bench' },
      description: { ru: 'Бенчмарк.' },
      level: 'basic',
      price: { rub: 0, eur: null, usd: null },
      published: true,
    }),
  );
  form.set('video', new Blob([readFileSync(file)], { type: 'video/mp4' }), 'bench.mp4');
  const res = await fetch(`${base}/api/admin/lessons`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

interface Status {
  state: string;
  progress: number;
  error: string | null;
  renditions: number[];
}

async function waitTranscoded(base: string, token: string, lessonId: string) {
  let startedAt: number | null = null;
  let firstRendition: number | null = null;
  let lastProgress = -1;
  for (;;) {
    const status = await apiData<Status>(base, `/admin/lessons/${lessonId}/hls`, { token });
    if (status.state === 'running' && startedAt === null) startedAt = performance.now();
    if (status.renditions.length > 0 && firstRendition === null && startedAt !== null) {
      firstRendition = (performance.now() - startedAt) / 1000;
      console.log(`bench: ${status.renditions.join(', ')}p playable after ${firstRendition.toFixed(1)} s`);
    }
    if (status.state === 'running' && status.progress >= lastProgress + 20) {
      lastProgress = status.progress;
      const left = (status as Status & { secondsLeft: number | null }).secondsLeft;
      console.log(`bench: transcoding… ${status.progress} %${left === null ? '' : `, ${left} s left`}`);
    }
    if (status.state === 'done') {
      return {
        seconds: (performance.now() - (startedAt ?? performance.now())) / 1000,
        firstRendition,
        renditions: status.renditions,
      };
    }
    if (status.state === 'failed') throw new Error(`transcode failed: ${status.error}`);
    if (status.state === 'none') throw new Error('no transcode job: is ffmpeg installed and HLS=auto?');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function lessonPage(browser: Browser, base: string, token: string, mp4: boolean, throttle: boolean) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('cookieConsent', 'true');
  }, token);
  const page = await context.newPage();
  if (mp4) {
    await page.route('**/api/training/lessons/*/access', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { hls: string | null } };
      json.data.hls = null;
      await route.fulfill({ response, json });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  // Bytes of the media requests (playlists, segments, the MP4), as they arrive.
  const media = new Set<string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (/\/api\/training\/lessons\/[^/]+\/(video|hls\/)/.test(event.request.url)) media.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (media.has(event.requestId)) bytes += event.encodedDataLength || event.dataLength;
  });
  return { page, context, bytes: () => bytes };
}

/** Presses play once the player is there; ms from navigation and from the press to the first frame. */
async function firstFrame(page: Page, lessonId: string) {
  const started = performance.now();
  await page.goto(`/training-detail/${lessonId}?lang=en`);
  const play = page.getByTestId('player-play');
  await play.waitFor({ timeout: 120_000 });
  await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    (window as unknown as { firstFrame: Promise<number> }).firstFrame = new Promise((resolve) => {
      element.requestVideoFrameCallback(() => resolve(performance.now()));
    });
  });
  const pressedAt = await page.evaluate(() => performance.now());
  const pressed = performance.now();
  await play.click();
  const frameAt = await page.evaluate(() => (window as unknown as { firstFrame: Promise<number> }).firstFrame);
  return {
    fromNavigationMs: Math.round(pressed - started + (frameAt - pressedAt)),
    fromPlayMs: Math.round(frameAt - pressedAt),
  };
}

async function first30s(browser: Browser, base: string, token: string, lessonId: string, mp4: boolean) {
  const { page, context, bytes } = await lessonPage(browser, base, token, mp4, false);
  await page.goto(`/training-detail/${lessonId}?lang=en`);
  await page.getByTestId('player-play').waitFor({ timeout: 60_000 });
  if (!mp4) await page.getByLabel('Quality').selectOption('360', { timeout: 30_000 });
  await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => {
    element.muted = true;
  });
  const before = bytes();
  await page.getByTestId('player-play').click();
  await page
    .waitForFunction(
      (seconds) => {
        const video = document.querySelector('video');
        return video !== null && video.currentTime >= seconds;
      },
      PLAY_SECONDS - 0.2,
      { timeout: (PLAY_SECONDS + 60) * 1000, polling: 200 },
    )
    .catch(async () => {
      // A stall is a finding, not a crash: say where playback stood.
      const at = await page.getByTestId('lesson-video').evaluate((element: HTMLVideoElement) => element.currentTime);
      console.log(`bench: ${mp4 ? 'MP4' : 'HLS'} playback reached only ${at.toFixed(1)} s in ${PLAY_SECONDS + 60} s`);
    });
  const total = bytes();
  await context.close();
  return { total, beforePlay: before };
}

export async function hlsBench(
  base: string,
  admin: { email: string; password: string },
  dir: string,
): Promise<HlsBench> {
  console.log(`bench: a ${CLIP_SECONDS} s 1080p clip made by ffmpeg…`);
  const clip = await makeClip(dir);
  const adminToken = await login(base, admin);
  const lessonId = await upload(base, adminToken, clip);
  console.log('bench: transcoding into HLS renditions…');
  const transcode = await waitTranscoded(base, adminToken, lessonId);
  const load = Math.round((loadavg()[0] ?? 0) * 10) / 10;

  const buyer = await verifiedUser(base, `hls-bench-${Date.now()}@bench.test`);
  await apiData(base, `/training/lessons/${lessonId}/purchase`, { token: buyer.token, method: 'POST', body: {} });

  const browser = await launchChromium();
  try {
    console.log('bench: time to first frame on slow 4G, HLS then MP4…');
    const hlsPage = await lessonPage(browser, base, buyer.token, false, true);
    const hlsFrame = await firstFrame(hlsPage.page, lessonId);
    await hlsPage.context.close();
    const mp4Page = await lessonPage(browser, base, buyer.token, true, true);
    const mp4Frame = await firstFrame(mp4Page.page, lessonId);
    await mp4Page.context.close();
    console.log(`bench: first frame from play: HLS ${hlsFrame.fromPlayMs} ms, MP4 ${mp4Frame.fromPlayMs} ms`);

    console.log(`bench: bytes of the first ${PLAY_SECONDS} s of playback, HLS at 360p then MP4…`);
    const hls360 = await first30s(browser, base, buyer.token, lessonId, false);
    const mp4 = await first30s(browser, base, buyer.token, lessonId, true);
    const clipBytes = readFileSync(clip).length;
    const perMinute = Math.round((transcode.seconds / (CLIP_SECONDS / 60)) * 10) / 10;
    const frameRatio = Math.round((hlsFrame.fromPlayMs / Math.max(1, mp4Frame.fromPlayMs)) * 100) / 100;
    const bytesRatio = Math.round((hls360.total / Math.max(1, mp4.total)) * 100) / 100;
    return {
      clipSeconds: CLIP_SECONDS,
      clipBytes,
      transcodeSeconds: Math.round(transcode.seconds * 10) / 10,
      transcodeSecondsPerMinute: perMinute,
      loadAverageAfterTranscode: load,
      firstRenditionSeconds: transcode.firstRendition === null ? null : Math.round(transcode.firstRendition * 10) / 10,
      renditions: transcode.renditions,
      throttle: '150 ms, 1.6 Mbit/s down',
      firstFrame: { hls: hlsFrame, mp4: mp4Frame },
      first30s: { hls360Bytes: hls360.total, mp4Bytes: mp4.total, ratio: bytesRatio },
      firstFrameRatio: frameRatio,
      targetsMet:
        perMinute <= HLS_MAX_TRANSCODE_S_PER_MIN &&
        frameRatio <= HLS_MAX_FIRST_FRAME_RATIO &&
        bytesRatio <= HLS_MAX_FIRST30S_RATIO,
    };
  } finally {
    await browser.close();
  }
}

export function hlsRows(hls: HlsBench): [string, string][] {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  return [
    [
      `HLS transcode (${hls.clipSeconds} s 1080p → ${hls.renditions.map((h) => `${h}p`).join('/')})`,
      `${hls.transcodeSeconds} s${hls.firstRenditionSeconds === null ? '' : `; ${hls.renditions[0]}p playable after ${hls.firstRenditionSeconds} s`}${hls.loadAverageAfterTranscode === undefined ? '' : ` (load average ${hls.loadAverageAfterTranscode} on ${availableParallelism()} cores)`}`,
    ],
    [
      `HLS transcode per minute of video (target ≤ ${HLS_MAX_TRANSCODE_S_PER_MIN} s)`,
      `${hls.transcodeSecondsPerMinute} s — ${verdict(hls.transcodeSecondsPerMinute <= HLS_MAX_TRANSCODE_S_PER_MIN)}`,
    ],
    [
      `first frame, HLS (${hls.throttle})`,
      `${hls.firstFrame.hls.fromNavigationMs} ms from navigation, ${hls.firstFrame.hls.fromPlayMs} ms from play`,
    ],
    [
      `first frame, MP4 (${hls.throttle})`,
      `${hls.firstFrame.mp4.fromNavigationMs} ms from navigation, ${hls.firstFrame.mp4.fromPlayMs} ms from play`,
    ],
    [
      `first frame from play, HLS / MP4 (target ≤ ${HLS_MAX_FIRST_FRAME_RATIO}×)`,
      `${hls.firstFrameRatio}× — ${verdict(hls.firstFrameRatio <= HLS_MAX_FIRST_FRAME_RATIO)}`,
    ],
    [
      `bytes in the first ${PLAY_SECONDS} s: HLS 360p vs MP4 (target ≤ ${HLS_MAX_FIRST30S_RATIO}×)`,
      `${mib(hls.first30s.hls360Bytes)} vs ${mib(hls.first30s.mp4Bytes)} (${hls.first30s.ratio}×; the MP4 file is ${mib(hls.clipBytes)}) — ${verdict(hls.first30s.ratio <= HLS_MAX_FIRST30S_RATIO)}`,
    ],
  ];
}
