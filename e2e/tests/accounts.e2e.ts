/**
 * Journeys through the real UI and the real outbox: register → code from the mail → verify
 * → logged in → logout → login → change password → forgot password → emailed reset link → new
 * password → login with it (ru); the same registration in en and es; the one-click link; an address
 * someone else registered first (en).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  codeBoxes,
  expectOnAccount,
  expectStoredToken,
  fieldError,
  input,
  loginThroughUi,
  onThisServer,
  openVerificationLink,
  pasteCode,
  registerThroughUi,
  TEXTS,
  typeCode,
} from '../src/accounts';
import { register } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, MOBILE, useBrowser } from '../src/browser';
import { isResetLink, isVerificationLink, mailedLink, mailFiles, newEmail, verificationCode } from '../src/mail';

const session = useBrowser();

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

describe('account journey in Russian', () => {
  it('register → code → logged in → logout → login → change password → reset by mail → login', async () => {
    const page = await session.newPage();
    const t = TEXTS.ru;
    const account = { name: 'Анна Тестова', email: newEmail('ru-journey'), password: 'Rosa-silk-2026' };

    await page.goto('/auth');
    await registerThroughUi(page, 'ru', account);

    // The code step opens for that address, with the resend countdown running.
    await page.getByRole('tab', { name: t.tabs.verify, selected: true }).waitFor();
    expect(await page.getByLabel(t.email, { exact: true }).inputValue()).toBe(account.email);
    await page.getByText(/Повторная отправка через \d+ секунд/).waitFor();
    expect(await page.getByRole('button', { name: 'Отправить код повторно' }).isDisabled()).toBe(true);

    // An incomplete code is refused in the browser with the exact text.
    await typeCode(page, 'ru', '12');
    await page.getByRole('button', { name: t.verifySubmit }).click();
    await page.getByText(t.codeIncomplete).waitFor();
    // Backspace on an empty box clears the digit before it and moves there.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await codeBoxes(page, 'ru')).toBe('');

    const code = await verificationCode(account.email);
    // A whole code pasted (into any box) sends itself: no button to press.
    await pasteCode(page, 'ru', code, 3);

    await expectOnAccount(page, 'ru');
    await expectStoredToken(page);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();

    // Logout revokes the token on the server and forgets it here.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('banner').getByRole('button', { name: t.logout }).click();
    await toast(page, 'Вы вышли из системы').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(false);
    const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    // Login again from the header's link (the app's own navigation), straight back to the account.
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '', { waitUntil: 'commit' });
    await loginThroughUi(page, 'ru', account.email, account.password);
    await toast(page, t.loggedIn).waitFor();
    await expectOnAccount(page, 'ru');

    // Change the password from the account.
    const changed = 'Peony-velvet-77';
    await page.getByRole('link', { name: 'Пароль и данные' }).click();
    // A wrong current password is the server's field message, and the session stays.
    await input(page, 'Текущий пароль').fill('not-the-password');
    await input(page, 'Новый пароль').fill(changed);
    await input(page, t.confirmPassword).fill(changed);
    await page.getByRole('button', { name: 'Изменить пароль' }).click();
    await fieldError(page, 'Текущий пароль указан неверно').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/security');
    await input(page, 'Текущий пароль').fill(account.password);
    await input(page, 'Новый пароль').fill(changed);
    await input(page, t.confirmPassword).fill(`${changed}!`);
    await page.getByRole('button', { name: 'Изменить пароль' }).click();
    await fieldError(page, t.passwordsDiffer).waitFor();
    await input(page, t.confirmPassword).fill(changed);
    await page.getByRole('button', { name: 'Изменить пароль' }).click();
    await toast(page, 'Пароль успешно изменён').waitFor();

    // Forgot it anyway: log out, ask for a link, open it from the mail.
    await page.getByRole('banner').getByRole('button', { name: t.logout }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '', { waitUntil: 'commit' });
    const before = await mailFiles();
    // The address typed in the login form goes along to "forgot password".
    await page.getByRole('tabpanel').getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password', { waitUntil: 'commit' });
    // The page is a lazy chunk: until it renders, the login form (with its own Email) is still shown.
    await page.getByRole('heading', { level: 1, name: 'Восстановление пароля' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.getByRole('status').getByText(account.email).waitFor();

    const resetLink = await mailedLink(account.email, isResetLink, before);
    await page.goto(onThisServer(resetLink));
    await page.getByRole('heading', { level: 1, name: 'Новый пароль' }).waitFor();
    const fresh = 'Camellia-dawn-31';
    await input(page, 'Новый пароль').fill(fresh);
    await input(page, t.confirmPassword).fill(fresh);
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { waitUntil: 'commit' });
    await toast(page, /Пароль (успешно )?изменён/).waitFor();

    // The reset link is single-use.
    await page.goto(onThisServer(resetLink));
    await input(page, 'Новый пароль').fill('Another-pass-99');
    await input(page, t.confirmPassword).fill('Another-pass-99');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByRole('link', { name: 'Запросить новую ссылку' }).waitFor();

    // The old passwords no longer work; the new one does.
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { waitUntil: 'commit' });
    await loginThroughUi(page, 'ru', account.email, changed);
    await page.getByRole('tabpanel').getByRole('alert').getByText('Неверный email или пароль').waitFor();
    await loginThroughUi(page, 'ru', account.email, fresh);
    await expectOnAccount(page, 'ru');
  });
});

describe('registration in other languages', () => {
  for (const lang of ['en', 'es'] as const) {
    // Spanish on a 360 px phone: the tap targets and the step from the form to the code.
    const phone = lang === 'es';
    it(`${lang}: the forms, their messages and the account speak ${lang}${phone ? ', on a 360 px phone' : ''}`, async () => {
      const page = await session.newPage({ mobile: phone });
      const t = TEXTS[lang];
      const account = { name: 'Lucía Test', email: newEmail(`${lang}-journey`), password: 'Orchid-silk-2026' };
      await page.goto(`/auth?lang=${lang}&tab=register`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

      // Client-side rules in the page's language, from the shared schemas.
      const form = page.getByRole('tabpanel');
      await form.getByLabel(t.password, { exact: true }).fill('secret-one');
      await form.getByLabel(t.confirmPassword, { exact: true }).fill('secret-two');
      await form.getByRole('button', { name: t.registerSubmit }).click();
      await fieldError(form, t.passwordsDiffer).waitFor();
      await fieldError(form, t.captchaRequired).waitFor();
      if (phone) {
        // Each consent box is a 44 px target: its whole label, not the ~13 px native box.
        const heights = await form
          .getByRole('checkbox')
          .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.getBoundingClientRect().height ?? 0));
        expect(heights.length).toBeGreaterThan(0);
        for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
      }

      await registerThroughUi(page, lang, account);
      await page.getByRole('tab', { name: t.tabs.verify, selected: true }).waitFor();
      if (phone) {
        // The code step starts at the top: focus in the first box, which is on the screen below the
        // header and not under the toast, the instruction above it in view too.
        const first = page.getByLabel(t.digit(1), { exact: true });
        await expect.poll(() => first.evaluate((box) => box === document.activeElement)).toBe(true);
        const header = await page.getByRole('banner').boundingBox();
        const box = await first.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
        expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
        const instruction = await page.getByText(/^Introduzca el código de seis dígitos/).boundingBox();
        expect(instruction!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
        expect(
          await first.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            return document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2) === element;
          }),
        ).toBe(true);
      }
      await page.getByRole('button', { name: t.verifySubmit }).click();
      await page.getByText(t.codeIncomplete).waitFor();

      // The sixth digit typed sends the code.
      await typeCode(page, lang, await verificationCode(account.email));
      await expectOnAccount(page, lang);
      await expectStoredToken(page);
    });
  }
});

describe('an unverified account', () => {
  it('login answers EMAIL_NOT_VERIFIED: the code step opens for that email; a too-early resend shows the wait', async () => {
    const account = { name: 'Нина Новая', email: newEmail('unverified'), password: 'Aster-field-2026' };
    await register(baseUrl(), account);
    const page = await session.newPage();
    await page.goto('/auth');
    await loginThroughUi(page, 'ru', account.email, account.password);

    await page.getByRole('tab', { name: TEXTS.ru.tabs.verify, selected: true }).waitFor();
    await page
      .getByRole('tabpanel')
      .getByText('Пожалуйста, подтвердите ваш email адрес. Проверьте вашу почту.')
      .waitFor();
    expect(await input(page, 'Email').inputValue()).toBe(account.email);

    // The registration mail went out seconds ago: the server refuses another one yet, says why,
    // and its Retry-After drives the visible countdown.
    const resend = page.getByRole('button', { name: 'Отправить код повторно' });
    await resend.click();
    await page
      .getByRole('tabpanel')
      .getByRole('alert')
      .getByText(/Новый код можно запросить/)
      .waitFor();
    await page.getByText(/Повторная отправка через \d+ секунд/).waitFor();
    expect(await resend.isDisabled()).toBe(true);

    // The code from the registration mail still logs in, with a toast, onto the account.
    await pasteCode(page, 'ru', await verificationCode(account.email));
    await expectOnAccount(page, 'ru');
    await toast(page, /Email подтверждён/).waitFor();
  });
});

describe('the verification link', () => {
  it('opens a confirm page that verifies nothing until its button is pressed, then lands signed in on the account', async () => {
    const account = { name: 'Link User', email: newEmail('link'), password: 'Tulip-link-2026' };
    await register(baseUrl(), account);
    const link = await mailedLink(account.email, isVerificationLink);

    const page = await session.newPage();
    await openVerificationLink(page, link);
    // The token left the address bar at once; nobody is signed in and the address is not verified yet.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const before = await fetch(new URL('/api/auth/login', page.url()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect((await before.json()).code).toBe('EMAIL_NOT_VERIFIED');

    // One click, by keyboard.
    await page.getByRole('button', { name: TEXTS.ru.confirmEmail }).focus();
    await page.keyboard.press('Enter');
    await expectOnAccount(page, 'ru');
    await expectStoredToken(page);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    await page.getByText('Подтверждена').waitFor();

    // The link works once; a second confirm shows the localized "invalid link" text.
    const again = await session.newPage();
    await openVerificationLink(again, link);
    await again.getByRole('button', { name: TEXTS.ru.confirmEmail }).click();
    await again.getByRole('alert').getByText('Недействительная или просроченная ссылка подтверждения').waitFor();
    expect(await again.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('the confirm page at 360 px (en): axe clean, the button reachable by Tab', async () => {
    const account = { name: 'Narrow Link', email: newEmail('link-360'), password: 'Tulip-narrow-2026' };
    await register(baseUrl(), account, 'en');
    const link = await mailedLink(account.email, isVerificationLink);
    const page = await session.newPage({ mobile: true });
    // The language chosen on the site stays for the link opened later.
    await page.goto('/?lang=en');
    await openVerificationLink(page, link, 'en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Confirm your email' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    const button = page.getByRole('button', { name: TEXTS.en.confirmEmail });
    for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('an address someone else registered first', () => {
  it('en: the owner registers too, verifies by code, chooses a password on the set-password page (axe clean); only that password logs in', async () => {
    const email = newEmail('contested');
    const attacker = { name: 'Mallory', email, password: 'Attacker-lily-2026' };
    await register(baseUrl(), attacker, 'en');
    const t = TEXTS.en;
    const owner = { name: 'Lucía Owner', email, password: 'Owner-camellia-2026' };

    const page = await session.newPage();
    await page.goto('/auth?lang=en&tab=register');
    await registerThroughUi(page, 'en', owner);
    await page.getByRole('tab', { name: t.tabs.verify, selected: true }).waitFor();
    // The mailbox is the owner's: the code in it is the one mailed at the first registration.
    await typeCode(page, 'en', await verificationCode(email));

    await page.waitForURL((url) => url.pathname.startsWith('/reset-password/'), { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    await page
      .getByRole('status')
      .getByText('Someone else also tried to register this address. Choose your password to finish.')
      .waitFor();
    // Not signed in: setting the password ends every session of the account anyway.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expectNoAxeViolations(page);

    const chosen = 'Chosen-peony-2026';
    await input(page, t.newPassword).fill(chosen);
    await input(page, t.confirmPassword).fill(chosen);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { waitUntil: 'commit' });
    await toast(page, 'Your password has been changed. Sign in with the new password').waitFor();

    // Neither registration's password opens the account (the ordinary answer); the chosen one does.
    await loginThroughUi(page, 'en', email, attacker.password);
    await page.getByRole('tabpanel').getByRole('alert').getByText('Wrong email or password').waitFor();
    for (const password of [attacker.password, owner.password]) {
      const res = await page.request.post('/api/auth/login', { data: { email, password } });
      expect({ status: res.status(), code: (await res.json()).code }).toEqual({
        status: 401,
        code: 'INVALID_CREDENTIALS',
      });
    }
    await loginThroughUi(page, 'en', email, chosen);
    await expectOnAccount(page, 'en');
  });
});
