#!/usr/bin/env node
// The JS budgets of the server-rendered pages (a stage of `npm test`, after the build): reads the
// build's hydration report (apps/web/scripts/hydration-report.ts: gzip -9 of every chunk a page
// needs until it is hydrated, in each language) and prints each page's heaviest language against
// its target. Fails when a page is over its target by more than 10 %, or, for a page whose
// target is not reached yet, over its ceiling (scripts/js-budgets.json: it can only shrink), or when a
// part that must load only when used (a form, the validator, toasts, a dialog, the player) is in
// a page's hydration. docs/decisions/0077 says why the ceilings exist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = join(root, 'apps/web/dist/.vite/hydration-report.json');

/**
 * KiB of gzip JS until hydrated per page id: the targets, and where a target is not reached yet, the
 * ceiling; over the target by more than `toleranceShare` fails (the bench reads the same file).
 */
const { toleranceShare: TOLERANCE, pages: BUDGETS } = JSON.parse(
  readFileSync(join(root, 'scripts/js-budgets.json'), 'utf8'),
);

const kib = (bytes) => bytes / 1024;

/** Each budgeted page's heaviest language, judged: { page, path, kib, language, limitKiB, status, parts }. */
export function judge(report) {
  return Object.entries(BUDGETS).map(([page, budget]) => {
    const weights = report.pages.filter((weight) => weight.page === page);
    if (weights.length === 0) return { page, path: budget.path, status: 'missing', ...budget };
    const heaviest = weights.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    const size = kib(heaviest.gzipBytes);
    const withinTarget = size <= budget.targetKiB * (1 + TOLERANCE);
    const limitKiB = Math.max(budget.targetKiB * (1 + TOLERANCE), budget.ceilingKiB ?? 0);
    const parts = [...new Set(weights.flatMap((weight) => weight.interactionParts))];
    let status = 'FAILED';
    if (size <= budget.targetKiB) status = 'met';
    else if (withinTarget) status = 'within 10 % of the target';
    else if (size <= limitKiB) status = 'over target, within ceiling';
    if (parts.length > 0) status = 'FAILED';
    return {
      page,
      path: budget.path,
      kib: size,
      language: heaviest.language,
      files: heaviest.files,
      limitKiB,
      status,
      parts,
      ...budget,
    };
  });
}

function main() {
  if (!existsSync(REPORT)) {
    console.error(`js budget: ${REPORT} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
  const rows = judge(JSON.parse(readFileSync(REPORT, 'utf8')));
  console.log('JS until hydrated (gzip -9, heaviest language), against the targets (+10 % fails):');
  for (const row of rows) {
    if (row.status === 'missing') {
      console.log(`  ${row.path.padEnd(12)} not in the hydration report — FAILED`);
      continue;
    }
    const figure = `${row.kib.toFixed(1)} KiB (${row.language}, ${row.files} files)`;
    const ceiling = row.status === 'over target, within ceiling' ? `, ceiling ${row.ceilingKiB} KiB` : '';
    console.log(`  ${row.path.padEnd(12)} ${figure.padEnd(30)} target ${row.targetKiB} KiB${ceiling} — ${row.status}`);
    if (row.parts.length > 0) console.log(`  ${''.padEnd(12)} loads before it is used: ${row.parts.join(', ')}`);
  }
  if (rows.some((row) => row.status === 'FAILED' || row.status === 'missing')) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
