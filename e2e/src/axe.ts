/** axe-core through @axe-core/playwright, WCAG 2 A and AA rules; a failure lists every violation. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Judge what a person sees once the page settles: a colour caught mid-transition (a link turning
  // active) is not the colour anyone reads. Infinite animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} nodes)\n${nodes}`;
  });
  expect(report, `axe violations on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}
