/**
 * Lesson and course pages that sell, on a 360 px phone: the title, price and call to action come
 * before the description; a guest plays the public preview (only the trailer is fetched, never the
 * lesson video); "Start lesson" on the free lesson goes through sign-in and comes back with the
 * lesson open — no purchase dialog, no cart button; "My lessons" shows the lesson with its poster.
 * axe on the lesson page (guest and owner), the course page and My lessons.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../src/accounts';
import { apiData, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, MOBILE, useBrowser, waitForPath } from '../src/browser';
import { newEmail } from '../src/mail';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser({ fresh: true });

interface LessonSummary {
  id: string;
  title: { ru: string };
  price: { rub: number };
  hasPreview?: boolean;
}
interface CourseSummary {
  id: string;
  title: { ru: string };
}

const top = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.y;
};

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width).toBeLessThanOrEqual(MOBILE.width);
}

describe('lessons that sell (360 px)', () => {
  it('a guest sees title, price and "Start lesson" first, plays the preview, starts the free lesson in one click through sign-in, finds it in My lessons with its poster', async () => {
    const lessons = await apiData<LessonSummary[]>(baseUrl(), '/training/lessons');
    const free = lessons.find((lesson) => lesson.price.rub === 0 && lesson.hasPreview);
    if (!free) throw new Error('the demo catalogue has no free lesson with a preview');
    const { email, password } = await verifiedUser(baseUrl(), {
      name: 'Вера Ученица',
      password: 'Silk-student-2026',
      email: newEmail('start'),
    });

    const page = await session.newPage({ mobile: true });
    const requested: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/training/lessons/${free.id}/`))
        requested.push({ url: new URL(response.url()).pathname, status: response.status() });
    });
    await page.goto(`/training-detail/${free.id}`);
    const title = page.getByRole('heading', { level: 1, name: free.title.ru });
    await title.waitFor();
    const start = page.getByRole('button', { name: 'Начать урок' });
    const price = page.getByTestId('lesson-price');
    await expect(price.textContent()).resolves.toBe('Бесплатно');
    const description = page.getByRole('heading', { level: 2, name: 'Об уроке' });
    // The order a phone shows: title, price, the call to action, and the description far below.
    const [titleY, priceY, startY, descriptionY] = await Promise.all([
      top(title),
      top(price),
      top(start),
      top(description),
    ]);
    expect(titleY).toBeLessThan(priceY);
    expect(priceY).toBeLessThan(startY);
    expect(startY).toBeLessThan(descriptionY);
    expect(startY).toBeLessThan(MOBILE.height);
    // A free lesson is not sold: no cart, no "buy".
    await expect(page.getByRole('button', { name: 'В корзину' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Купить урок' }).count()).resolves.toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Чему вы научитесь' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Материалы и инструменты' }).waitFor();
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // The preview loads on a click and plays for a guest; only the trailer is fetched.
    await expect(page.getByTestId('lesson-preview').count()).resolves.toBe(0);
    expect(requested.filter((r) => r.url.endsWith('/preview'))).toEqual([]);
    await page.getByRole('button', { name: 'Смотреть фрагмент' }).click();
    const preview = page.getByTestId('lesson-preview');
    await preview.waitFor();
    await expect(preview.getAttribute('poster')).resolves.toMatch(/^\/uploads\/lessons\//);
    await preview.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="lesson-preview"]')?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: ACTION_TIMEOUT },
    );
    expect(requested.some((r) => r.url.endsWith('/preview') && (r.status === 200 || r.status === 206))).toBe(true);
    expect(requested.filter((r) => r.url.endsWith('/video'))).toEqual([]);
    await expectNoAxeViolations(page);

    // One click: the guest signs in (the reason says "start") and is back with the lesson open.
    await start.click();
    await waitForPath(page, (p) => p === '/auth');
    await page.getByTestId('auth-reason').getByText(`начать урок «${free.title.ru}»`).waitFor();
    await loginThroughUi(page, 'ru', email, password);
    await waitForPath(page, (p) => p === `/training-detail/${free.id}`);
    await page.getByText('Урок куплен — приятного обучения!').waitFor();
    await page.getByTestId('lesson-video').waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Начать урок' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    // My lessons: the card with its poster (loaded) and the way back to the lesson.
    await page.goto('/account/lessons');
    const card = page.getByTestId('my-lesson').filter({ hasText: free.title.ru });
    await card.waitFor();
    const poster = card.getByTestId('card-poster').locator('img');
    await poster.waitFor();
    await page.waitForFunction(
      (selector) => {
        const images = [...document.querySelectorAll<HTMLImageElement>(selector)];
        return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
      },
      '[data-testid="my-lesson"] [data-testid="card-poster"] img',
      { timeout: ACTION_TIMEOUT },
    );
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);
  });

  it('a course page puts its title, price and "Buy" before the description and lists the lessons with durations', async () => {
    const courses = await apiData<CourseSummary[]>(baseUrl(), '/training/courses');
    const course = courses[0];
    if (!course) throw new Error('the demo catalogue has no course');
    const page = await session.newPage({ mobile: true });
    await page.goto(`/training-course/${course.id}`);
    const title = page.getByRole('heading', { level: 1, name: course.title.ru });
    await title.waitFor();
    const price = page.getByTestId('course-price');
    const buy = page.getByRole('button', { name: /Купить/ }).first();
    const lessonsList = page.getByTestId('course-lessons');
    const outcomes = page.getByRole('heading', { level: 2, name: 'Чему вы научитесь' });
    const [titleY, priceY, buyY, outcomesY, listY] = await Promise.all([
      top(title),
      top(price),
      top(buy),
      top(outcomes),
      top(lessonsList),
    ]);
    expect(titleY).toBeLessThan(priceY);
    expect(priceY).toBeLessThan(buyY);
    expect(buyY).toBeLessThan(outcomesY);
    expect(outcomesY).toBeLessThan(listY);
    await expect(lessonsList.locator('li').first().textContent()).resolves.toMatch(/\d+\s*(мин|ч)/);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);
  });
});
