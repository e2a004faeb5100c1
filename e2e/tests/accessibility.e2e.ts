/** axe-core (WCAG 2 A + AA) on the public pages, after their data has loaded. */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';

const session = useBrowser();

const PAGES: { path: string; ready: string }[] = [
  { path: '/', ready: '#portfolio ul > li' },
  { path: '/shop', ready: 'main article' },
  { path: '/training', ready: 'main h1' },
  { path: '/auth', ready: 'main form' },
  { path: '/404', ready: 'main h1' },
  { path: '/privacy', ready: 'main h1' },
];

describe('accessibility', () => {
  for (const { path, ready } of PAGES) {
    it(`axe finds no WCAG 2 A/AA violations on ${path}`, async () => {
      const page = await session.newPage();
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }
});

describe('the check itself', () => {
  it('fails on a page with violations and names each one', async () => {
    const page = await session.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<p style="color:#bbb;background:#fff">Pale text nobody can read</p></main></body></html>',
    );
    const failure = await expectNoAxeViolations(page).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/image-alt/);
    expect(failure).toMatch(/color-contrast/);
  });
});
