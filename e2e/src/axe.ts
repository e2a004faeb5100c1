/** axe-core through @axe-core/playwright, WCAG 2 A and AA rules; a failure lists every violation. */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The axe-core that @axe-core/playwright runs (its own dependency, so always the same version). */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

/**
 * A builder that finds axe already in the page. AxeBuilder evaluates axe's 570 KB source in the
 * page twice for every check (~0.1 s of a core each), although a document keeps it from one check
 * to the next. A page without frames gets it once per document here, and the builder is told to
 * inject nothing; every check still configures and runs axe afresh, with the same results. A page
 * with frames keeps AxeBuilder's own injection, which puts axe into each frame.
 */
async function axeBuilder(page: Page): Promise<AxeBuilder> {
  if (page.frames().length > 1) return new AxeBuilder({ page });
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  return new AxeBuilder({ page, axeSource: ';' });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Judge what a person sees once the page settles: a colour caught mid-transition (a link turning
  // active) is not the colour anyone reads. Infinite animations (spinners) are not waited for.
  // A click's state change may start its transition a frame or two later, so look again after two
  // frames and repeat until nothing finite is running (bounded, in case a page keeps starting some).
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 10; round++) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .filter((animation) => animation.playState === 'running' || animation.pending);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // Toasts are left out: one comes and goes on a timer of its own (an action's toast may appear
  // while axe runs), so axe would read its colours halfway through a fade. They are the toast
  // library's own dark-on-white notes in a labelled live region.
  // Legacy mode runs axe in the page itself. The default mode would open a blank page for every
  // check to merge per-frame results, which cost more than the audit. The pages have no
  // cross-origin frames to check (the mail preview's sandboxed frame is excluded below).
  const results = await (await axeBuilder(page))
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    // A frame sandboxed without scripts (the admin's mail preview) cannot run axe: the check would
    // wait for it forever. What it shows is a mail, checked as a mail, not a page of the site.
    .exclude('iframe[sandbox]')
    .analyze();
  const report = results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} nodes)\n${nodes}`;
  });
  expect(report, `axe violations on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}
