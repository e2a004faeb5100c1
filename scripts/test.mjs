#!/usr/bin/env node
// `npm test`: the prerequisites (scripts/prerequisites.mjs), then lint, typecheck, the unit and API tests of every workspace, the build, the JS budgets
// of the rendered pages, then the end-to-end journeys — stopping at the first stage that fails, like
// a chain of `&&`. At the end (pass or fail) it prints the time of each stage, the 20 slowest test
// files of the run and one plain closing line, `tests: N passed, N failed`, counted over every
// Vitest stage.
//
// Each Vitest stage also writes its files' times and counts to test-results/<stage>.json (e.g.
// unit-API-server.json, see test-timings-reporter.mjs); the summary is read from there.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPrerequisites } from './prerequisites.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');

/** A Vitest stage: the workspace's own config and reporters, plus the timings reporter. */
function vitest(name, cwd, extraReporters = []) {
  const report = join(reports, `${name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}.json`);
  return {
    name,
    report,
    cwd: join(root, cwd),
    command: process.execPath,
    args: [
      vitestBin,
      'run',
      '--reporter=default',
      ...extraReporters.map((r) => `--reporter=${r}`),
      `--reporter=${join(root, 'scripts/test-timings-reporter.mjs')}`,
    ],
    env: { TEST_TIMINGS_FILE: report },
  };
}

const STAGES = [
  { name: 'lint', cwd: root, command: npm, args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', cwd: root, command: npm, args: ['run', '--silent', 'typecheck'] },
  vitest('unit: shared', 'packages/shared'),
  vitest('unit: web', 'apps/web'),
  vitest('unit + API: server', 'apps/server'),
  { name: 'build', cwd: root, command: npm, args: ['run', '--silent', 'build'] },
  // The JS each server-rendered page needs until hydrated, against its budget (from the build's report).
  { name: 'js budget', cwd: root, command: process.execPath, args: [join(root, 'scripts/check-js-budget.mjs')] },
  vitest('e2e', 'e2e', ['./src/summary-reporter.ts']),
];

function run(stage) {
  return new Promise((resolveRun) => {
    const env = { ...process.env, ...stage.env };
    const child = spawn(stage.command, stage.args, { cwd: stage.cwd, stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(`test: ${stage.name} could not start: ${error.message}`);
      resolveRun(1);
    });
    child.once('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readReport(stage) {
  if (!stage.report || !existsSync(stage.report)) return null;
  try {
    return JSON.parse(readFileSync(stage.report, 'utf8'));
  } catch {
    return null;
  }
}

function summary(results) {
  const files = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { stage } of results) {
    const report = readReport(stage);
    if (!report) continue;
    failed += report.unhandledErrors;
    for (const file of report.files) {
      passed += file.passed;
      failed += file.failed;
      skipped += file.skipped;
      const project = file.project ? ` [${file.project}]` : '';
      files.push({
        stage: stage.name,
        file: `${relative(root, file.file)}${project}`,
        ms: file.ms,
        tests: file.passed + file.failed + file.skipped,
      });
    }
  }

  console.log('\n── time per stage ──');
  for (const { stage, ms, code } of results) {
    console.log(`  ${stage.name.padEnd(20)} ${seconds(ms).padStart(9)}  ${code === 0 ? 'passed' : 'FAILED'}`);
  }
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  console.log(`  ${'total'.padEnd(20)} ${seconds(total).padStart(9)}`);

  if (files.length > 0) {
    console.log('\n── the 20 slowest test files ──');
    for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 20)) {
      console.log(`  ${seconds(f.ms).padStart(9)}  ${f.stage.padEnd(18)} ${f.file} (${f.tests} tests)`);
    }
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

const only = process.argv.slice(2);
// Chromium, ffmpeg and ffprobe before anything runs: a missing one is said in the first second, with
// the command that installs it, not minutes later from a stack trace. Only the journeys: Chromium.
const selected = STAGES.filter((stage) => only.length === 0 || only.some((name) => stage.name.includes(name)));
const needs = selected.every((stage) => stage.name === 'e2e' || !stage.name.startsWith('unit')) ? 'e2e' : 'all';
if (selected.some((stage) => stage.name === 'e2e' || stage.name === 'unit + API: server')) {
  const { missing, notes } = checkPrerequisites(process.env, needs);
  for (const note of notes) console.log(`prerequisites: ${note}`);
  if (missing.length > 0) {
    for (const line of missing) console.error(`prerequisites: ${line}`);
    console.error('prerequisites: missing, so no stage was run.');
    process.exit(1);
  }
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const results = [];
let exitCode = 0;
for (const stage of STAGES) {
  if (only.length > 0 && !only.some((name) => stage.name.includes(name))) continue;
  console.log(`\n▶ ${stage.name}`);
  const started = performance.now();
  const code = await run(stage);
  results.push({ stage, code, ms: performance.now() - started });
  if (code !== 0) {
    console.error(`\n✗ ${stage.name} failed (exit ${code})`);
    exitCode = code;
    break;
  }
}
summary(results);
process.exit(exitCode);
