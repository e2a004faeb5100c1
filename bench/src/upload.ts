/**
 * A 300 MB lesson video uploaded over real HTTP to the built server (POST /api/admin/lessons, the
 * admin's multipart form), its bytes generated chunk by chunk as the socket drains, so the client
 * holds one MiB at a time. The server must stream the file to storage as it arrives, never hold
 * it whole: its RSS (VmRSS of the process, sampled every 20 ms) may grow by at most 64 MiB over
 * the value before the upload. Reported: the time to the 201, MB/s, the RSS before and at its peak.
 * The stored file is checked whole through the protected video endpoint (its last bytes, by Range).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { apiData, login } from '../../e2e/src/api';

const MiB = 1024 * 1024;
const VIDEO_BYTES = 300 * MiB;
export const UPLOAD_MAX_RSS_GROWTH_MIB = 64;

export interface UploadBench {
  fileMiB: number;
  seconds: number;
  mibPerSecond: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  targetMet: boolean;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The multipart body: the lesson's fields, then the video part produced one MiB at a time. */
function multipartStream(boundary: string): { body: Readable; length: number } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
      number: 9000 + Math.floor(Math.random() * 900),
      title: { ru: 'Большой урок' },
      description: { ru: 'Триста мегабайт' },
      level: 'advanced',
      price: { rub: 5000, eur: null, usd: null },
      published: false,
    })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MiB, 7);
  const first = Buffer.from(chunk);
  first.writeUInt32BE(24, 0);
  first.write('ftypisom', 4, 'latin1');
  let sent = 0;
  let stage: 'head' | 'video' | 'tail' | 'done' = 'head';
  const body = new Readable({
    read() {
      if (stage === 'head') {
        stage = 'video';
        this.push(head);
      } else if (stage === 'video') {
        this.push(sent === 0 ? first : chunk);
        sent += MiB;
        if (sent >= VIDEO_BYTES) stage = 'tail';
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
  return { body, length: head.length + VIDEO_BYTES + tail.length };
}

function post(url: string, headers: Record<string, string | number>, body: Readable) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => {
        text += part;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}

export async function uploadBench(
  baseUrl: string,
  serverPid: number,
  admin: { email: string; password: string },
): Promise<UploadBench> {
  const token = await login(baseUrl, admin);
  const boundary = 'atelier-bench-upload';
  const { body, length } = multipartStream(boundary);
  const before = rssMiB(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(serverPid));
  }, 20);
  const started = performance.now();
  let answer: { status: number; text: string };
  try {
    answer = await post(
      `${baseUrl}/api/admin/lessons`,
      {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
      body,
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMiB(serverPid));
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const lesson = (JSON.parse(answer.text) as { data: { id: string; video: { size: number } } }).data;
  try {
    if (lesson.video.size !== VIDEO_BYTES) throw new Error(`stored ${lesson.video.size} bytes of ${VIDEO_BYTES}`);
    const { video } = await apiData<{ video: string }>(baseUrl, `/training/lessons/${lesson.id}/access`, { token });
    const tailBytes = await fetch(`${baseUrl}${video}`, { headers: { range: 'bytes=-4' } });
    const last = [...new Uint8Array(await tailBytes.arrayBuffer())];
    if (tailBytes.status !== 206 || last.join() !== '7,7,7,7') {
      throw new Error(`the stored video does not end as sent (${tailBytes.status}, ${last.join()})`);
    }
  } finally {
    await fetch(`${baseUrl}/api/admin/lessons/${lesson.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
  const growth = peak - before;
  return {
    fileMiB: VIDEO_BYTES / MiB,
    seconds: round(seconds),
    mibPerSecond: round(VIDEO_BYTES / MiB / seconds),
    rssBeforeMiB: round(before),
    rssPeakMiB: round(peak),
    rssGrowthMiB: round(growth),
    targetMet: growth < UPLOAD_MAX_RSS_GROWTH_MIB,
  };
}
