/**
 * A newcomer's first impressions: the first start on an empty DATA_DIR (the embedded database
 * created and migrated, the demo seeded) to the first 200 of /api/health, and how long one
 * registration and one login take (scrypt at N=2^17, r=8, p=1). Each is timed several times in a
 * row (one request at a time, nothing else sent); the median is held to the target. While a
 * login hashes, /api/health is asked as well: its answer time shows whether hashing holds the
 * event loop (it runs on the libuv thread pool).
 */
import { apiData, consentsInForce, solveCaptcha } from '../../e2e/src/api';

export const FIRST_START_MAX_S = 30;
export const AUTH_MAX_MS = 500;
const AUTH_RUNS = 5;

export interface StartBench {
  firstStartSeconds: number;
  targetMet: boolean;
}

export interface AuthBench {
  runs: number;
  registerMs: number[];
  registerMedianMs: number;
  loginMs: number[];
  loginMedianMs: number;
  /** /api/health answered while a login was hashing, per run. */
  healthDuringLoginMs: number[];
  targetMet: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`answered ${res.status}`);
  return Math.round(performance.now() - started);
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify(body),
  });

export function startResult(readyMs: number): StartBench {
  const firstStartSeconds = Math.round(readyMs / 100) / 10;
  return { firstStartSeconds, targetMet: firstStartSeconds <= FIRST_START_MAX_S };
}

export function startRows(start: StartBench): [string, string][] {
  return [
    [
      `first start, empty DATA_DIR (≤ ${FIRST_START_MAX_S} s)`,
      `${start.firstStartSeconds} s — ${start.targetMet ? 'met' : 'NOT met'}`,
    ],
  ];
}

export async function authBench(base: string, admin: { email: string; password: string }): Promise<AuthBench> {
  const consents = await consentsInForce(base, ['agreement', 'personal-data']);
  const registerMs: number[] = [];
  const loginMs: number[] = [];
  const healthDuringLoginMs: number[] = [];
  for (let i = 0; i < AUTH_RUNS; i++) {
    const { captchaId, question } = await apiData<{ captchaId: string; question: string }>(base, '/auth/captcha');
    registerMs.push(
      await timed(() =>
        post(`${base}/api/auth/register`, {
          name: 'Bench Newcomer',
          email: `bench-newcomer-${Date.now()}-${i}@bench.test`,
          password: 'Silk-Peony-2024',
          captchaId,
          captchaAnswer: solveCaptcha(question),
          consents,
        }),
      ),
    );
    const login = timed(() => post(`${base}/api/auth/login`, admin));
    // Sent just after the login, so it arrives while the password is being hashed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = timed(() => fetch(`${base}/api/health`));
    loginMs.push(await login);
    healthDuringLoginMs.push(await health);
  }
  const registerMedianMs = median(registerMs);
  const loginMedianMs = median(loginMs);
  return {
    runs: AUTH_RUNS,
    registerMs,
    registerMedianMs,
    loginMs,
    loginMedianMs,
    healthDuringLoginMs,
    targetMet: registerMedianMs <= AUTH_MAX_MS && loginMedianMs <= AUTH_MAX_MS,
  };
}

export function authRows(auth: AuthBench): [string, string][] {
  return [
    [
      `registration, median of ${auth.runs} (≤ ${AUTH_MAX_MS} ms)`,
      `${auth.registerMedianMs} ms (${auth.registerMs.join(', ')})`,
    ],
    [`login, median of ${auth.runs} (≤ ${AUTH_MAX_MS} ms)`, `${auth.loginMedianMs} ms (${auth.loginMs.join(', ')})`],
    ['/api/health during a login', `${auth.healthDuringLoginMs.join(', ')} ms`],
    ['auth target', auth.targetMet ? 'met' : 'NOT met'],
  ];
}
