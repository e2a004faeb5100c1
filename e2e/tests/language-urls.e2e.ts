/**
 * Each language has its own URL (ru at the bare URL, en and es at `?lang=`), and a page names the
 * URL of the language it holds: a browser that asks for English at the bare URL gets a copy of
 * `?lang=en` (canonical to it, no alternates claiming the bare URL is Russian). A page loads the
 * texts of its own language only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, baseUrl, useBrowser } from '../src/browser';
import { REPO_ROOT } from '../src/server';

const session = useBrowser({ fresh: true });

/** The built file of each language's texts, as the web build's manifest names it. */
function localeFiles(): Record<'ru' | 'en' | 'es', string> {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const file = (lang: string) => {
    const entry = manifest[`src/locales/${lang}/index.ts`];
    if (!entry) throw new Error(`no ${lang} texts in the web build's manifest`);
    return `/${entry.file}`;
  };
  return { ru: file('ru'), en: file('en'), es: file('es') };
}

/** Paths of the scripts the page requested, recorded from before its navigation. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

function headLinks(html: string) {
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]),
  );
  return { canonical, alternates };
}

describe('language of a page', () => {
  it.each(['/', '/shop', '/training'])('a ru page (%s) loads the ru texts and no other language', async (path) => {
    const files = localeFiles();
    const page = await session.newPage({ locale: 'ru-RU' });
    const scripts = recordScripts(page);
    await page.goto(path);
    await appStarted(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(scripts).toContain(files.ru);
    expect(scripts).not.toContain(files.en);
    expect(scripts).not.toContain(files.es);
  });

  it('an English browser at the bare URL gets the English page, canonical to ?lang=en, with no Russian claim on it', async () => {
    const files = localeFiles();
    const page = await session.newPage({ locale: 'en-US' });
    const scripts = recordScripts(page);
    const response = await page.goto('/');
    expect(response?.headers().vary).toMatch(/Accept-Language/i);
    expect(response?.headers()['content-language']).toBe('en');
    const bare = headLinks((await response?.text()) ?? '');
    const origin = new URL(bare.canonical ?? '').origin;
    expect(bare.canonical).toBe(`${origin}/?lang=en`);
    expect(bare.alternates).toEqual({});
    await appStarted(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(scripts).toContain(files.en);
    expect(scripts).not.toContain(files.ru);

    // The URL the canonical names is the English page itself, in the language cluster.
    const own = await page.goto('/?lang=en');
    const named = headLinks((await own?.text()) ?? '');
    expect(named.canonical).toBe(`${origin}/?lang=en`);
    expect(named.alternates).toEqual({
      ru: `${origin}/`,
      en: `${origin}/?lang=en`,
      es: `${origin}/?lang=es`,
      'x-default': `${origin}/`,
    });
  });

  it('the sitemap lists each language URL with the same alternates as the pages', async () => {
    const xml = await (await fetch(new URL('/sitemap.xml', baseUrl()))).text();
    const home = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)]
      .map((m) => m[1] ?? '')
      .filter((block) => /<loc>[^<]*\/(\?lang=\w+)?<\/loc>/.test(block));
    expect(home).toHaveLength(3);
    for (const block of home) {
      const links = Object.fromEntries(
        [...block.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2] ?? '').search]),
      );
      expect(links).toEqual({ ru: '', en: '?lang=en', es: '?lang=es', 'x-default': '' });
    }
  });
});
