/**
 * `npm run admin:reset-password [-- --email ADDRESS]`: the operator's recovery of the admin account
 * (ADMIN_PASSWORD only sets the password of a new admin; it never overwrites one changed in the
 * app). The same environment as `npm start` (.env, then config.ts), both database modes.
 *
 * The new password comes from ADMIN_NEW_PASSWORD, else from a prompt on a terminal (asked twice,
 * not echoed), else from the first line of standard input (`… < file`, a pipe). It must meet the
 * admin password policy (12+ characters, not a common password). The account's password is
 * replaced and every one of its sessions ended, in one transaction.
 *
 * Embedded mode: the command takes the DATA_DIR lock, so it runs with the server stopped (two
 * processes on one PGlite directory corrupt it). PostgreSQL: it runs beside live servers.
 *
 * Exit codes: 0 done, 2 refused (nothing changed), 1 failed.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { adminPasswordProblem } from './config.production';
import { openDatabase } from './db/client';
import { createUsersRepo } from './features/users/users.repo';
import { createUsersService } from './features/users/users.service';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './platform/lock';

const USAGE =
  'Usage: npm run admin:reset-password [-- --email ADDRESS]\n' +
  '  The new password: ADMIN_NEW_PASSWORD, else a prompt, else the first line of standard input.\n' +
  '  The account: --email, else ADMIN_EMAIL (default admin@example.com).';

/** The environment variable the new password may come in (no terminal in CI or a script). */
export const NEW_PASSWORD_VARIABLE = 'ADMIN_NEW_PASSWORD';

class Refused extends Error {}

function parseArgs(argv: string[]): { email: string | undefined } {
  const [command, ...rest] = argv;
  if (command !== 'reset-password') throw new Refused(USAGE);
  let email: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--email' && rest[i + 1]) email = rest[++i];
    else if (arg.startsWith('--email=')) email = arg.slice('--email='.length);
    else throw new Refused(`Unknown argument ${arg}\n${USAGE}`);
  }
  return { email: email?.trim() || undefined };
}

/** One line typed at the terminal, not echoed. */
function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text) => {
      // The question once, then nothing of what is typed.
      if (!prompted) process.stdout.write(text);
      prompted = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** The first line of a piped or redirected standard input. */
async function firstLineOfStdin(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function newPassword(env: Record<string, string | undefined>): Promise<string> {
  const fromEnv = env[NEW_PASSWORD_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) {
    const first = await ask('New admin password: ');
    const again = await ask('The same again: ');
    if (first !== again) throw new Refused('The two passwords differ; nothing was changed.');
    return first;
  }
  const line = await firstLineOfStdin();
  if (line === '') {
    throw new Refused(`No new password: set ${NEW_PASSWORD_VARIABLE} or pass it on standard input.\n${USAGE}`);
  }
  return line;
}

async function run(argv: string[]): Promise<string> {
  const args = parseArgs(argv);
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const email = (args.email ?? config.admin.email).toLowerCase();

  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') {
    const dir = config.database.dataDir;
    if (!existsSync(dir) || readdirSync(dir).length === 0) {
      throw new Refused(`There is no embedded database at ${dir} (DATA_DIR): start the shop once first.`);
    }
    mkdirSync(config.dataDir, { recursive: true });
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new Refused(
        `A running Atelier (pid ${error.ownerPid} on ${error.ownerHost}) holds DATA_DIR ${config.dataDir}. ` +
          'Stop it, run the command again, then start it; nothing was changed.',
      );
    }
  }
  try {
    const password = await newPassword(process.env);
    const problem = adminPasswordProblem(password);
    if (problem) throw new Refused(`The new password ${problem}; nothing was changed.`);
    const database = await openDatabase(
      config.database.kind === 'postgres' ? { ...config.database, poolSize: 1 } : config.database,
    );
    try {
      const users = createUsersService({
        repo: createUsersRepo(database.db),
        db: database.db,
        passwordCost: config.passwordCost,
      });
      const result = await users.setPasswordByOperator(email, password);
      if (result.outcome === 'unknown-account') {
        throw new Refused(`There is no account ${email}; nothing was changed. Name the admin with --email ADDRESS.`);
      }
      if (result.outcome === 'not-admin') {
        throw new Refused(
          `${email} is not an admin account; customers reset their password by mail. Nothing was changed.`,
        );
      }
      return `Password of ${email} changed; ${result.sessionsEnded} session(s) ended. Sign in with the new password.`;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof Refused || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error('admin:reset-password failed:', error);
    process.exit(1);
  },
);
