/**
 * Turns a lesson video into HLS with ffmpeg: H.264/AAC renditions no taller than the source (360p,
 * 720p, 1080p), fMP4 segments of about 4 s with keyframes at the same times in every rendition (so
 * the player can switch between any two segments), and a master playlist listing them.
 *
 * ffmpeg runs as a child process at a lower priority (`os.setPriority`): the lowest rendition
 * first, then one run that decodes the source once for all the others; progress comes from
 * `-progress pipe:1` (`out_time_us` against the source duration, which ffprobe reports first). Nothing here touches the database or storage: it reads one local file
 * and writes a directory.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { HLS_HEIGHTS } from '@atelier/shared';

/** Target length of one segment, seconds. */
export const SEGMENT_SECONDS = 4;

/** The ffmpeg and ffprobe binaries to run. */
export interface Ffmpeg {
  ffmpeg: string;
  ffprobe: string;
}

interface Rung {
  height: number;
  videoKbps: number;
  audioKbps: number;
  /** H.264 profile-level of the CODECS attribute, matching `-level`. */
  level: string;
  codec: string;
}

const LADDER: Record<(typeof HLS_HEIGHTS)[number], Rung> = {
  360: { height: 360, videoKbps: 800, audioKbps: 96, level: '3.0', codec: 'avc1.64001e' },
  720: { height: 720, videoKbps: 2800, audioKbps: 128, level: '3.1', codec: 'avc1.64001f' },
  1080: { height: 1080, videoKbps: 5000, audioKbps: 128, level: '4.0', codec: 'avc1.640028' },
};

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * The binaries to transcode with, or null when HLS is off or ffmpeg is not there. `FFMPEG_PATH`
 * names ffmpeg itself; ffprobe is looked for next to it, then on PATH.
 */
export function findFfmpeg(
  setting: { mode: 'auto' | 'off'; ffmpegPath?: string | undefined },
  pathVariable = process.env.PATH,
): Ffmpeg | null {
  if (setting.mode === 'off') return null;
  const ffmpeg = setting.ffmpegPath ?? onPath('ffmpeg', pathVariable);
  if (!ffmpeg || !executable(ffmpeg)) return null;
  const sibling = join(dirname(ffmpeg), 'ffprobe');
  const ffprobe = executable(sibling) ? sibling : onPath('ffprobe', pathVariable);
  return ffprobe ? { ffmpeg, ffprobe } : null;
}

/** The renditions for a source this tall: every rung not above it, or one at the source's own height. */
export function renditionsFor(sourceHeight: number): Rung[] {
  const rungs = HLS_HEIGHTS.filter((height) => height <= sourceHeight).map((height) => LADDER[height]);
  if (rungs.length > 0) return rungs;
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ ...LADDER[360], height }];
}

/** Runs a process to its end; rejects with the tail of stderr when it fails. */
function run(
  command: string,
  args: string[],
  options: { onStdout?: (chunk: string) => void; signal?: AbortSignal; nice?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    if (options.nice && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            `${command.split('/').pop()} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          ),
        );
    });
  });
}

export interface SourceInfo {
  width: number;
  height: number;
  hasAudio: boolean;
  durationSeconds: number;
}

export async function probe(bin: Ffmpeg, input: string, signal?: AbortSignal): Promise<SourceInfo> {
  const out = await run(
    bin.ffprobe,
    ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:format=duration', '-of', 'json', input],
    { signal },
  );
  const json = JSON.parse(out) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const stream = json.streams?.find((s) => s.codec_type === 'video');
  const durationSeconds = Number(json.format?.duration);
  if (!stream?.width || !stream.height) throw new Error('The file has no video stream ffmpeg can read');
  return {
    width: stream.width,
    height: stream.height,
    hasAudio: Boolean(json.streams?.some((s) => s.codec_type === 'audio')),
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
  };
}

/** `out_time_us` of a `-progress` block, in seconds; null for lines that carry none. */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_us=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1e6 : null;
}

export interface TranscodeResult {
  renditions: { height: number; bandwidth: number }[];
  /** Every file written, relative to the output directory. */
  files: string[];
}

/**
 * Keyframes at 0, 1, 2 and 3 s, then every `SEGMENT_SECONDS`: with `-hls_init_time 1` the first
 * segments last one second (a player starts after one small download), the rest four. Every
 * rendition has its keyframes at the same times, so a player can switch between any two segments.
 */
export const FIRST_SEGMENTS = 4;
const KEYFRAMES = `expr:gte(t,if(lt(n_forced,${FIRST_SEGMENTS}),n_forced,(n_forced-${FIRST_SEGMENTS - 1})*${SEGMENT_SECONDS}))`;

/** ffmpeg output options of one rendition (its video is the filter graph's `[v<height>]`). */
function renditionArgs(rung: Rung, dir: string): string[] {
  return [
    ...['-map', `[v${rung.height}]`, '-map', '0:a:0?'],
    // x264's `veryfast` with `film` tuning: studio footage without grain, about the quality of the
    // slower presets at these bitrates for a fraction of the time.
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'film'],
    ...['-profile:v', 'high', '-level:v', rung.level, '-pix_fmt', 'yuv420p'],
    ...['-b:v', `${rung.videoKbps}k`, '-maxrate', `${Math.round(rung.videoKbps * 1.07)}k`],
    ...['-bufsize', `${rung.videoKbps * 2}k`, '-force_key_frames', KEYFRAMES, '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'],
    ...['-f', 'hls', '-hls_init_time', '1', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
    ...['-hls_segment_filename', join(dir, 'seg_%05d.m4s'), join(dir, 'index.m3u8')],
  ];
}

/**
 * One ffmpeg run that decodes the source once and encodes every rung from it (`split` in the filter
 * graph, one scaler per rung). `onSeconds` gets the position reached in the source.
 */
async function encode(
  bin: Ffmpeg,
  input: string,
  outDir: string,
  rungs: Rung[],
  onSeconds: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (const rung of rungs) await mkdir(join(outDir, `${rung.height}p`), { recursive: true });
  const split =
    rungs.length === 1
      ? `[0:v:0]scale=-2:${rungs[0]?.height}[v${rungs[0]?.height}]`
      : `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};${rungs
          .map((rung, i) => `[s${i}]scale=-2:${rung.height}[v${rung.height}]`)
          .join(';')}`;
  let buffer = '';
  await run(
    bin.ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-y', '-i', input, '-filter_complex', split],
      ...rungs.flatMap((rung) => renditionArgs(rung, join(outDir, `${rung.height}p`))),
      ...['-progress', 'pipe:1', '-nostats'],
    ],
    {
      nice: true,
      signal,
      onStdout: (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const seconds = progressSeconds(line);
          if (seconds !== null) onSeconds(seconds);
        }
      },
    },
  );
}

/** The work of one run, in pixels per frame: one decode of the source and each rung's encode. */
function cost(source: SourceInfo, rungs: Rung[]): number {
  const pixels = (height: number) => (height * height * 16) / 9;
  // Decoding costs about a fifth of encoding the same picture at `veryfast`.
  return pixels(source.height) / 5 + rungs.reduce((sum, rung) => sum + pixels(rung.height), 0);
}

/**
 * Transcodes `input` into `outDir`: `<height>p/index.m3u8` with `init.mp4` and `seg_00000.m4s`…
 * per rendition, and `master.m3u8`. `onProgress` gets 0..1.
 *
 * The lowest rendition is made first, alone (one decode, one small encode), and handed to
 * `onFirst` with its own master playlist, so it can be published while the rest is made: the
 * learners on a slow connection need it most. The other renditions then come from a second run
 * that decodes the source once for all of them.
 */
export async function transcodeToHls(
  bin: Ffmpeg,
  input: string,
  outDir: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  onFirst?: (partial: TranscodeResult) => Promise<void>,
): Promise<TranscodeResult> {
  const source = await probe(bin, input, signal);
  const rungs = renditionsFor(source.height);
  const [lowest, ...rest] = rungs as [Rung, ...Rung[]];
  const runs = rest.length > 0 ? [[lowest], rest] : [[lowest]];
  const total = runs.reduce((sum, group) => sum + cost(source, group), 0);
  const made: { rung: Rung; bandwidth: number; width: number }[] = [];
  let done = 0;
  for (const [index, group] of runs.entries()) {
    const share = cost(source, group) / total;
    await encode(
      bin,
      input,
      outDir,
      group,
      (seconds) => {
        if (source.durationSeconds <= 0) return;
        onProgress(done + share * Math.min(1, seconds / source.durationSeconds));
      },
      signal,
    );
    done += share;
    onProgress(done);
    for (const rung of group) made.push(await measured(outDir, source, rung));
    const result = await finish(outDir, source, made);
    if (index === 0 && runs.length > 1 && onFirst) await onFirst(result);
    if (index === runs.length - 1) return result;
  }
  throw new Error('unreachable');
}

/** A rendition with the peak bandwidth a player must sustain: its largest segment over its length. */
async function measured(outDir: string, source: SourceInfo, rung: Rung) {
  const dir = `${rung.height}p`;
  const playlist = await readFile(join(outDir, dir, 'index.m3u8'), 'utf8');
  const lengths = new Map<string, number>();
  let last = SEGMENT_SECONDS;
  for (const line of playlist.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) last = Number(extinf[1]) || SEGMENT_SECONDS;
    else if (line.endsWith('.m4s')) lengths.set(line.trim(), last);
  }
  let peak = 0;
  for (const [name, seconds] of lengths) {
    const { size } = await stat(join(outDir, dir, name));
    peak = Math.max(peak, (size * 8) / Math.max(1, seconds));
  }
  const nominal = (rung.videoKbps + rung.audioKbps) * 1000;
  const width = Math.round((source.width * rung.height) / source.height / 2) * 2;
  return { rung, bandwidth: Math.round(Math.max(peak, nominal * 0.5)), width };
}

/** Writes the master playlist of the renditions made so far; every file of them. */
async function finish(
  outDir: string,
  source: SourceInfo,
  made: { rung: Rung; bandwidth: number; width: number }[],
): Promise<TranscodeResult> {
  const sorted = [...made].sort((a, b) => a.rung.height - b.rung.height);
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...sorted.flatMap(({ rung, bandwidth, width }) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${rung.height},CODECS="${rung.codec}${source.hasAudio ? ',mp4a.40.2' : ''}"`,
      `${rung.height}p/index.m3u8`,
    ]),
    '',
  ].join('\n');
  await writeFile(join(outDir, 'master.m3u8'), master);
  const files: string[] = [];
  for (const { rung } of sorted) {
    for (const name of (await readdir(join(outDir, `${rung.height}p`))).sort()) files.push(`${rung.height}p/${name}`);
  }
  // The master last: a player that finds it finds every file it lists.
  files.push('master.m3u8');
  return { renditions: sorted.map(({ rung, bandwidth }) => ({ height: rung.height, bandwidth })), files };
}

/** The content type a stored HLS file is served with. */
export function hlsContentType(name: string): string {
  if (name.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (name.endsWith('.m4s')) return 'video/iso.segment';
  return 'video/mp4';
}

/** A file name under a rendition prefix that the server may serve; anything else is a 404. */
export const HLS_FILE_RE = /^(?:master\.m3u8|\d{2,4}p\/(?:index\.m3u8|init\.mp4|seg_\d{5,6}\.m4s))$/;
