/**
 * The one process logger (pino), shared by start-up code, background loops and Fastify's request
 * logging, so every line carries the same fields and, within a request, its `reqId`.
 *
 * Format: JSON lines (what log collectors and `journalctl -o cat | jq` read) unless a person is
 * watching: outside production with stdout on a terminal, lines are pretty-printed. LOG_FORMAT
 * overrides the choice either way.
 *
 * pino-pretty runs as a synchronous stream in this thread, not as a pino transport: a transport
 * starts a worker thread that loads its module by name at run time, which the bundled server
 * cannot guarantee, and a synchronous stream loses no line when the process exits.
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type LogFormat = 'auto' | 'json' | 'pretty';

/** Request headers that carry credentials never reach the logs. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export function resolveLogFormat(format: LogFormat, isProduction: boolean, isTerminal: boolean): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return !isProduction && isTerminal ? 'pretty' : 'json';
}

export interface LoggerSettings {
  level: string;
  format: 'json' | 'pretty';
  /** Where lines go; defaults to stdout. */
  destination?: DestinationStream & { write(line: string): unknown };
  /** Colours in pretty mode; defaults to whether stdout is a terminal. */
  colorize?: boolean;
}

export async function createLogger(settings: LoggerSettings): Promise<Logger> {
  const options: LoggerOptions = { level: settings.level, redact: REDACT };
  if (settings.format === 'json') {
    return settings.destination ? pino(options, settings.destination) : pino(options);
  }
  // Loaded only when wanted: production never pays for it.
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    sync: true,
    colorize: settings.colorize ?? Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    // The fields shown in the message line are not repeated below it.
    ignore: 'pid,hostname,reqId,method,url,status,ms,ip',
    // An access line reads "[request id] request GET /api/shop → 200 3.1 ms 203.0.113.7".
    messageFormat:
      '{if reqId}[{reqId}] {end}{msg}{if method} {method} {url}{end}{if status} → {status}{end}{if ms} {ms} ms{end}{if ip} {ip}{end}',
    hideObject: false,
    ...(settings.destination ? { destination: settings.destination } : {}),
  });
  return pino(options, stream);
}
