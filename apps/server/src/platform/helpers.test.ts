import { describe, expect, it } from 'vitest';
import { localDate } from './dates';
import { siteLinks } from './http/links';
import { escapeLike } from './sql-text';

describe('localDate', () => {
  it('gives the calendar date in the zone, not in UTC', () => {
    const at = new Date('2026-03-01T22:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-03-01');
    expect(localDate(at, 'Europe/Moscow')).toBe('2026-03-02');
    expect(localDate(at, 'America/Los_Angeles')).toBe('2026-03-01');
  });
});

describe('escapeLike', () => {
  it('makes %, _ and \\ literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('roses')).toBe('roses');
  });
});

describe('siteLinks', () => {
  it('drops trailing slashes of PUBLIC_URL once and joins paths with one slash', () => {
    const links = siteLinks('https://atelier.example//');
    expect(links.base).toBe('https://atelier.example');
    expect(links.to('/shop?product=1')).toBe('https://atelier.example/shop?product=1');
    expect(links.to('account')).toBe('https://atelier.example/account');
  });

  it('keeps an absolute http(s) URL as it is', () => {
    expect(siteLinks('https://atelier.example').to('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
  });
});
