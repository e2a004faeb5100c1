/**
 * Courses and master classes in a real browser: /training lists the seeded course and
 * master class beside the lessons (filter by kind); a customer buys the seeded course on its page
 * through the sandbox payment (Pay → success) and then watches the video of its SECOND lesson;
 * the account lists the course; axe is clean on the course page (guest, owner, 360 px) and on
 * /training filtered to courses; the admin reorders a course's lessons with the arrow buttons,
 * by mouse drag and by keyboard drag on the grip (axe clean on /admin/courses and the dialog).
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, dragWithMouse, useBrowser, waitForPath } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

interface CourseSummary {
  id: string;
  title: { ru: string; en?: string };
  isMasterClass: boolean;
  price: { rub: number };
  lessons: { id: string; title: { ru: string } }[];
  seatsLeft: number | null;
}

async function seededCourse(): Promise<CourseSummary> {
  const courses = await apiData<CourseSummary[]>(baseUrl(), '/training/courses');
  const course = courses.find((c) => !c.isMasterClass && c.lessons.length >= 2 && c.price.rub > 0);
  if (!course) throw new Error('the demo catalogue has no paid course with two lessons');
  return course;
}

describe('courses and master classes', () => {
  it('a customer buys the course in the sandbox and watches its second lesson; the account lists the course', async () => {
    const course = await seededCourse();
    const second = course.lessons[1]!;
    const { token } = await verifiedUser(baseUrl(), {
      name: 'Ирина Курсистка',
      email: newEmail('course'),
      password: 'Silk-course-2026',
    });
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto(`/training-course/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title.ru }).waitFor();
    // The lessons of the course in order, the second one among them.
    await expect(page.getByTestId('course-lessons').getByRole('listitem').count()).resolves.toBe(course.lessons.length);
    await page.getByTestId('course-lessons').getByRole('link', { name: second.title.ru }).waitFor();
    await page.getByText('Что открывает покупка').waitFor();
    await expectNoAxeViolations(page);

    // Locked before the purchase.
    await page.getByRole('link', { name: second.title.ru }).click();
    await waitForPath(page, (p) => p === `/training-detail/${second.id}`);
    await page.getByText('Видео станет доступно после покупки урока').waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'Купить курс' }).click();
    const dialog = page.getByRole('dialog', { name: 'Покупка курса' });
    await dialog.getByText(course.title.ru).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');

    const mine = await apiData<{ course: { id: string } }[]>(baseUrl(), '/training/course-purchases', { token });
    expect(mine.map((p) => p.course.id)).toEqual([course.id]);

    await page.goto(`/training-course/${course.id}`);
    await page.getByText('Курс ваш: все его уроки открыты.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('course-lessons').getByRole('link', { name: second.title.ru }).click();
    await waitForPath(page, (p) => p === `/training-detail/${second.id}`);
    const video = page.getByTestId('lesson-video');
    await video.waitFor();
    // It really plays: the player's clock moves.
    await page.evaluate(async () => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]')!;
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="lesson-video"]')?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: ACTION_TIMEOUT },
    );

    await page.goto('/account/lessons');
    await page.getByTestId('course-purchases').getByText(course.title.ru).waitFor();
    await expectNoAxeViolations(page);
  });

  it('a guest sees courses and master classes on /training (kind filter), the course page at 360 px; axe clean', async () => {
    const courses = await apiData<CourseSummary[]>(baseUrl(), '/training/courses');
    const course = await seededCourse();
    const master = courses.find((c) => c.isMasterClass)!;
    const page = await session.newPage();
    await page.goto('/training');
    await page.getByRole('heading', { level: 2, name: 'Курсы и мастер-классы' }).waitFor();
    await page.getByRole('link', { name: course.title.ru }).waitFor();
    await page.getByRole('button', { name: 'Мастер-классы' }).click();
    await page.getByRole('link', { name: master.title.ru }).waitFor();
    await page.getByRole('link', { name: course.title.ru }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('show')).toBe('masterClasses');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Уроки', exact: true }).click();
    await page.getByRole('link', { name: master.title.ru }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('show')).toBe('lessons');

    await page.goto(`/training-course/${master.id}`);
    await page.getByRole('heading', { level: 1, name: master.title.ru }).waitFor();
    await page.getByText(/Осталось \d+ мест/).waitFor();
    await page.getByRole('button', { name: 'Забронировать место' }).click();
    await waitForPath(page, (p) => p === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/training-course/${master.id}`);

    const mobile = await session.newPage({ mobile: true });
    await mobile.goto(`/training-course/${course.id}`);
    await mobile.getByRole('heading', { level: 1, name: course.title.ru }).waitFor();
    await expectNoAxeViolations(mobile);
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const html = await (await fetch(`${baseUrl()}/training-course/${course.id}`)).text();
    expect(html).toContain('"@type":"Course"');
  });

  it('the admin reorders the lessons of a course with the arrow buttons, by mouse drag and by keyboard drag; axe clean', async () => {
    const token = await login(baseUrl(), E2E_ADMIN);
    const lessons = await apiData<{ id: string; number: number; title: { ru: string } }[]>(
      baseUrl(),
      '/admin/lessons',
      { token },
    );
    const free = lessons.filter((l) => l.number === 1);
    // Seeded lessons 2–4 belong to the seeded course and master class: a lesson in no course to add.
    const loose = await apiData<{ id: string }>(baseUrl(), '/admin/lessons', {
      token,
      method: 'POST',
      body: {
        number: 900 + Math.floor(Math.random() * 9000),
        title: { ru: 'Урок для порядка' },
        description: { ru: 'Без курса' },
        level: 'basic',
        price: { rub: 100, eur: null, usd: null },
        published: false,
      },
    });
    const created = await apiData<{ id: string }>(baseUrl(), '/admin/courses', {
      token,
      method: 'POST',
      body: {
        title: { ru: 'Курс для порядка' },
        description: { ru: 'Проверка порядка' },
        level: 'basic',
        price: { rub: 100, eur: null, usd: null },
        lessonIds: free.map((l) => l.id),
        published: false,
      },
    });
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto('/admin/courses');
    await page.getByRole('heading', { level: 1, name: 'Курсы и мастер-классы' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Изменить — Курс для порядка' }).click();
    const dialog = page.getByRole('dialog', { name: 'Редактирование курса' });
    await dialog.waitFor();
    // Add a second lesson from the list (one that is in no course), then move it up by keyboard.
    const select = dialog.getByLabel('Добавить урок');
    const options = await select
      .locator('option:not([disabled])')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(0);
    await select.selectOption(options[0]!);
    const order = dialog.getByTestId('course-lesson-order').getByRole('listitem');
    await expect(order.count()).resolves.toBe(2);
    const namesBefore = await order.allInnerTexts();
    await dialog
      .getByRole('button', { name: /^Поднять/ })
      .nth(1)
      .focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => order.allInnerTexts()).toEqual([namesBefore[1], namesBefore[0]]);
    await expectNoAxeViolations(page);
    // Drag the first back below the second with the mouse, by its grip.
    await dragWithMouse(page, order.nth(0).getByRole('button', { name: /^Перетащить/ }), order.nth(1));
    await expect.poll(() => order.allInnerTexts()).toEqual(namesBefore);
    // And by keyboard on the grip: Space picks it up (the grip is pressed), an arrow moves it,
    // Space drops it; the moves are spoken (the next key waits for the words).
    const spoken = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    const nameIn = (text: string | undefined) => (text ?? '').split('\n').find((line) => /^\d+\. /.test(line)) ?? '';
    const keyboardMove = async (index: number, key: 'ArrowDown' | 'ArrowUp') => {
      const name = nameIn((await order.allInnerTexts())[index]);
      const to = key === 'ArrowDown' ? index + 2 : index;
      const grip = order.nth(index).getByRole('button', { name: /^Перетащить/ });
      await grip.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => grip.getAttribute('aria-pressed')).toBe('true');
      // The sensor starts listening for arrows a moment after the pick-up; with two lessons a
      // repeated arrow changes nothing, so it is pressed until the move is spoken.
      const over = page.getByText(`${name}: место ${to} из 2.`, { exact: true });
      await expect
        .poll(async () => {
          await page.keyboard.press(key);
          return over.count();
        })
        .toBe(1);
      await page.keyboard.press('Space');
      await spoken(`${name} поставлено на место ${to} из 2.`);
    };
    await keyboardMove(0, 'ArrowDown');
    await expect.poll(() => order.allInnerTexts()).toEqual([namesBefore[1], namesBefore[0]]);
    await keyboardMove(1, 'ArrowUp');
    await expect.poll(() => order.allInnerTexts()).toEqual(namesBefore);
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // The course was written in Russian only: the editor warns once before saving it.
    await dialog.getByRole('button', { name: 'Сохранить всё равно' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await apiData<{ lessons: { id: string }[] }>(baseUrl(), `/admin/courses/${created.id}`, { token });
    expect(saved.lessons[0]!.id).toBe(free[0]!.id);
    expect(saved.lessons).toHaveLength(2);
    expect(saved.lessons[1]!.id).toBe(loose.id);
    await apiData(baseUrl(), `/admin/courses/${created.id}`, { token, method: 'DELETE' });
    await apiData(baseUrl(), `/admin/lessons/${loose.id}`, { token, method: 'DELETE' });
  });
});
