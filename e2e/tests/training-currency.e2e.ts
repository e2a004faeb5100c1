/**
 * Lessons in any currency and in the cart, in a real browser. A visitor who reads prices in euros
 * buys a lesson: the dialog shows its euro price, the order goes straight to PayPal's approval
 * page (the sandbox's in the demo), paying there unlocks the lesson and the page no longer offers
 * to buy it. A customer puts a lesson in the cart next to a product: the
 * cart shows the lesson as one piece, checkout asks for the delivery of the product, the card
 * sandbox pays it all; the lesson opens and the admin ships the product; an owned lesson put back
 * in the cart is flagged and blocks checkout. axe on the dialog's steps, the lesson page and the cart.
 */
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, releaseWallClock } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

interface LessonSummary {
  id: string;
  title: { ru: string };
  price: { rub: number; eur: number | null };
  purchased?: boolean;
}

interface ShopProduct {
  id: string;
  name: { ru: string };
  category: string;
  availability: string;
  stock: number | null;
  price: { rub: number };
}

interface OrderSummary {
  id: string;
  number: number;
  status: string;
  currency: string;
  paymentMethod: string;
  totalInCurrency: number;
  items: { type: string; refId: string; quantity: number }[];
}

/** A paid demo lesson sold in euros. */
async function euroLesson(skip: string[] = []): Promise<LessonSummary & { price: { eur: number } }> {
  const lessons = await apiData<LessonSummary[]>(baseUrl(), '/training/lessons');
  const lesson = lessons.find((l) => l.price.rub > 0 && l.price.eur !== null && !skip.includes(l.id));
  if (!lesson) throw new Error('the demo catalogue has no paid lesson sold in euros');
  return lesson as LessonSummary & { price: { eur: number } };
}

/** A physical demo product that more journeys can order at once (made to order or plenty in stock). */
async function physicalProduct(): Promise<ShopProduct> {
  const products = await apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100');
  const product = products.find(
    (p) => p.category !== 'book' && p.availability !== 'out_of_stock' && (p.stock === null || p.stock > 20),
  );
  if (!product) throw new Error('the demo catalogue has no physical product free to order');
  return product;
}

const STUDENT = { name: 'Марта Ученица', password: 'Silk-currency-2026' };

describe('lessons in any currency and in the cart', () => {
  it("a EUR visitor buys a lesson: euro price, PayPal's (the sandbox's) page pays it and the lesson opens", async () => {
    const lesson = await euroLesson();
    const email = newEmail('lesson-eur');
    const { token } = await verifiedUser(baseUrl(), { ...STUDENT, email });
    const page = await session.newPage();
    await useToken(page, token);
    await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
    await page.goto(`/training-detail/${lesson.id}`);
    await page.getByRole('heading', { level: 1, name: lesson.title.ru }).waitFor();

    await page.getByRole('button', { name: 'Купить урок' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Покупка урока' });
    await dialog.getByText(/€/).first().waitFor();
    expect(await dialog.textContent()).not.toContain('₽');
    await dialog.getByText(/Оплата через PayPal в выбранной валюте/).waitFor();
    await expectNoAxeViolations(page);
    // PayPal is a foreign operator: without the cross-border consent nothing is ordered.
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
    const crossBorder = dialog.getByRole('checkbox', { name: /согласие на трансграничную передачу данных/ });
    await dialog.getByText('Для оплаты через PayPal необходимо согласие на трансграничную передачу данных').waitFor();
    await expect.poll(() => crossBorder.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await apiData<OrderSummary[]>(baseUrl(), '/orders/user', { token })).toEqual([]);
    await expectNoAxeViolations(page);
    await crossBorder.check();
    await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();

    // Straight on to PayPal's approval page (the sandbox's in the demo), in euros.
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: /^PayPal/ }).waitFor();
    await page.getByText(/Сумма к оплате: [\d\s,]+\s?€/).waitFor();
    const [order] = await apiData<OrderSummary[]>(baseUrl(), '/orders/user', { token });
    expect(order).toMatchObject({
      status: 'pending',
      currency: 'EUR',
      paymentMethod: 'paypal',
      totalInCurrency: lesson.price.eur,
      items: [{ type: 'lesson', refId: lesson.id, quantity: 1 }],
    });
    // Paid there, the buyer is back in the shop and the lesson is hers.
    await holdWallClock(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');
    await releaseWallClock(page);
    await page.goto(`/training-detail/${lesson.id}`);
    await page.getByText('Урок куплен — приятного обучения!').waitFor();
    expect(await page.getByRole('button', { name: 'Купить урок' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'В корзину' }).count()).toBe(0);
    const mine = await apiData<LessonSummary>(baseUrl(), `/training/lessons/${lesson.id}`, { token });
    expect(mine.purchased).toBe(true);
  });

  it('a lesson and a product in one cart order: checkout asks for delivery, the card pays both, the lesson opens and the product ships', async () => {
    const lesson = await euroLesson();
    const product = await physicalProduct();
    const email = newEmail('lesson-cart');
    const { token } = await verifiedUser(baseUrl(), { ...STUDENT, email });
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: product.id, quantity: 1 }] },
    });
    const page = await session.newPage();
    await useToken(page, token);
    await page.goto(`/training-detail/${lesson.id}`);
    await page.getByRole('heading', { level: 1, name: lesson.title.ru }).waitFor();
    // The cart loaded from the server first (the product); the lesson joins it.
    await expect
      .poll(() => page.evaluate(() => Object.keys(window.localStorage).some((k) => k.startsWith('cart_'))))
      .toBe(true);
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByRole('link', { name: 'Уже в корзине — перейти' }).click();
    await waitForPath(page, (p) => p === '/cart');

    const lines = page.getByRole('region', { name: 'Товары в корзине' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(2);
    const lessonLine = lines.filter({ hasText: lesson.title.ru });
    await lessonLine.getByText('Видеоурок').waitFor();
    await lessonLine.getByText('× 1').waitFor();
    expect(await lessonLine.getByRole('spinbutton').count()).toBe(0);
    await expectNoAxeViolations(page);
    // The server holds both lines (what the order is priced from).
    await expect
      .poll(async () => (await apiData<{ items: { type: string }[] }>(baseUrl(), '/cart', { token })).items.length)
      .toBe(2);

    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Марта');
    await page.getByLabel('Фамилия').fill('Ветрова');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: /Стандартная доставка/ }).check();
    await page.getByLabel('Страна').fill('Россия');
    await page.getByLabel('Город').fill('Тверь');
    await page.getByLabel('Адрес', { exact: true }).fill('ул. Мира, 1');
    await page.getByLabel('Индекс').fill('170000');
    await page.getByRole('radio', { name: 'Банковская карта' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await waitForPath(page, (p) => p === '/payment/success');

    const [order] = await apiData<(OrderSummary & { delivery: { method: string } })[]>(baseUrl(), '/orders/user', {
      token,
    });
    expect(order).toMatchObject({ status: 'confirmed', currency: 'RUB', delivery: { method: 'standard' } });
    expect(order?.items.map((item) => [item.type, item.refId]).sort()).toEqual(
      [
        ['lesson', lesson.id],
        ['product', product.id],
      ].sort(),
    );
    const mine = await apiData<LessonSummary>(baseUrl(), `/training/lessons/${lesson.id}`, { token });
    expect(mine.purchased).toBe(true);
    // The product of the same order goes out as any parcel.
    const admin = await login(baseUrl(), E2E_ADMIN);
    for (const status of ['processing', 'shipped']) {
      await apiData(baseUrl(), `/orders/${order?.id}/status`, { token: admin, method: 'PATCH', body: { status } });
    }
    await page.goto(`/account/orders/${order?.id}`);
    await page.getByText('Отправлен').first().waitFor();

    // Bought once: the lesson back in the cart is flagged and checkout is blocked.
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'lesson', id: lesson.id, quantity: 1 }] },
    });
    await page.goto('/cart');
    await page.getByText('Этот урок у вас уже есть').waitFor();
    await page.getByRole('button', { name: 'Оформить заказ' }).waitFor();
    expect(await page.getByRole('button', { name: 'Оформить заказ' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
