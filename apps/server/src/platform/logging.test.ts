import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, resolveLogFormat } from './logging';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('resolveLogFormat', () => {
  it('pretty-prints only for a person at a terminal outside production, unless told otherwise', () => {
    expect(resolveLogFormat('auto', false, true)).toBe('pretty');
    expect(resolveLogFormat('auto', false, false)).toBe('json');
    expect(resolveLogFormat('auto', true, true)).toBe('json');
    expect(resolveLogFormat('auto', true, false)).toBe('json');
    expect(resolveLogFormat('pretty', true, false)).toBe('pretty');
    expect(resolveLogFormat('json', false, true)).toBe('json');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line with the request id and without credentials', async () => {
    const out = sink();
    const log = await createLogger({ level: 'info', format: 'json', destination: out.stream });
    log
      .child({ reqId: 'req-42' })
      .info(
        { method: 'GET', url: '/api/shop', status: 200, ms: 3.1, req: { headers: { cookie: 'sid=secret' } } },
        'request',
      );
    log.debug('below the level');
    log.flush();
    await expect.poll(() => out.lines.length).toBe(1);
    const line = JSON.parse(out.lines[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, reqId: 'req-42', msg: 'request', method: 'GET', status: 200 });
    expect(out.lines[0]).not.toContain('secret');
  });

  it('pretty-prints an access line as one readable line that keeps the request id', async () => {
    const out = sink();
    const log = await createLogger({ level: 'info', format: 'pretty', destination: out.stream, colorize: false });
    log.child({ reqId: 'req-42' }).info({ method: 'POST', url: '/api/orders', status: 201, ms: 12.5 }, 'request');
    log.info({ kind: 'pglite' }, 'database ready');
    await expect.poll(() => out.lines.length).toBeGreaterThanOrEqual(2);
    const text = out.lines.join('\n');
    expect(text).toMatch(/INFO.*\[req-42\] request POST \/api\/orders → 201 12\.5 ms/);
    expect(text).toContain('database ready');
    expect(text).toMatch(/kind: "pglite"/);
    expect(() => JSON.parse(out.lines[0] ?? '')).toThrow();
  });
});
