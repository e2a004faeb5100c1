/**
 * Account helpers for the journeys: the interface texts they look for (ru, en, es) and the auth
 * forms driven like a person would. Accounts made through the API: api.ts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type NewAccount, solveCaptcha } from './api';
import { tickEveryBox } from './consents';

export type Lang = 'ru' | 'en' | 'es';

export const TEXTS = {
  ru: {
    tabs: { login: 'Вход', register: 'Регистрация', verify: 'Код' },
    name: 'Имя',
    email: 'Email',
    password: 'Пароль',
    confirmPassword: 'Повторите пароль',
    newPassword: 'Новый пароль',
    captcha: 'Решите пример',
    agreement: 'Я принимаю',
    registerSubmit: 'Зарегистрироваться',
    loginSubmit: 'Войти',
    verifySubmit: 'Подтвердить',
    confirmEmail: 'Подтвердить email',
    digit: (n: number) => `Цифра ${n} из 6`,
    accountTitle: 'Мой кабинет',
    logout: 'Выйти',
    codeIncomplete: 'Пожалуйста, введите все 6 цифр кода',
    passwordsDiffer: 'Пароли не совпадают',
    captchaRequired: 'Пожалуйста, решите пример',
    loggedIn: 'Успешный вход в систему',
  },
  en: {
    tabs: { login: 'Log in', register: 'Sign up', verify: 'Code' },
    name: 'Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Repeat password',
    newPassword: 'New password',
    captcha: 'Solve the example',
    agreement: 'I accept the',
    registerSubmit: 'Create account',
    loginSubmit: 'Log in',
    verifySubmit: 'Confirm',
    confirmEmail: 'Confirm email',
    digit: (n: number) => `Digit ${n} of 6`,
    accountTitle: 'My account',
    logout: 'Log out',
    codeIncomplete: 'Please enter all 6 digits of the code',
    passwordsDiffer: 'Passwords do not match',
    captchaRequired: 'Please solve the example',
    loggedIn: 'Signed in successfully',
  },
  es: {
    tabs: { login: 'Entrar', register: 'Registro', verify: 'Código' },
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Repita la contraseña',
    newPassword: 'Nueva contraseña',
    captcha: 'Calcule el resultado',
    agreement: 'Acepto el',
    registerSubmit: 'Crear cuenta',
    loginSubmit: 'Entrar',
    verifySubmit: 'Confirmar',
    confirmEmail: 'Confirmar correo',
    digit: (n: number) => `Dígito ${n} de 6`,
    accountTitle: 'Mi cuenta',
    logout: 'Salir',
    codeIncomplete: 'Introduzca los 6 dígitos del código',
    passwordsDiffer: 'Las contraseñas no coinciden',
    captchaRequired: 'Resuelva la operación',
    loggedIn: 'Sesión iniciada correctamente',
  },
} as const;

export type Account = NewAccount;

/**
 * The input labelled `label` (a section titled the same, e.g. the reset page's "New password",
 * is labelled by its heading too).
 */
export function input(page: Page, label: string) {
  return page.locator('input').and(page.getByLabel(label, { exact: true }));
}

/** A field's error message (role alert), by its exact text. */
export function fieldError(scope: Page | ReturnType<Page['getByRole']>, text: string) {
  return scope.getByRole('alert').filter({ hasText: text });
}

/** The auth tab panel (login, register or verify) of /auth. */
export function authPanel(page: Page) {
  return page.getByRole('tabpanel');
}

/** Fills and sends the register tab (the page is on /auth). */
export async function registerThroughUi(page: Page, lang: Lang, account: Account): Promise<void> {
  const t = TEXTS[lang];
  await page.getByRole('tab', { name: t.tabs.register }).click();
  const form = authPanel(page);
  await form.getByLabel(t.name, { exact: true }).fill(account.name);
  await form.getByLabel(t.email, { exact: true }).fill(account.email);
  await form.getByLabel(t.password, { exact: true }).fill(account.password);
  await form.getByLabel(t.confirmPassword, { exact: true }).fill(account.password);
  // The question arrives from GET /api/auth/captcha and reads "a + b =".
  const question = form.getByText(/^\s*\d+\s*[+\-−×]\s*\d+\s*=\s*$/);
  await question.waitFor();
  await form.getByLabel(t.captcha, { exact: true }).fill(String(solveCaptcha((await question.textContent()) ?? '')));
  // The user agreement and, a box of its own, the consent to personal-data processing.
  await tickEveryBox(form);
  await form.getByRole('button', { name: t.registerSubmit }).click();
}

/** Types the code digit by digit into the six boxes (focus moves on by itself). */
export async function typeCode(page: Page, lang: Lang, code: string): Promise<void> {
  await page.getByLabel(TEXTS[lang].digit(1), { exact: true }).click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Pastes the whole code into one box, as from a mail app. */
export async function pasteCode(page: Page, lang: Lang, code: string, box = 1): Promise<void> {
  await page.getByLabel(TEXTS[lang].digit(box), { exact: true }).evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

/** The digits the six boxes show now. */
export async function codeBoxes(page: Page, lang: Lang): Promise<string> {
  let value = '';
  for (let n = 1; n <= 6; n++) value += await page.getByLabel(TEXTS[lang].digit(n), { exact: true }).inputValue();
  return value;
}

/** Fills and sends the login tab (the page is on /auth). */
export async function loginThroughUi(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const t = TEXTS[lang];
  await page.getByRole('tab', { name: t.tabs.login }).click();
  const form = authPanel(page);
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.loginSubmit, exact: true }).click();
}

/** Waits for the account page's heading (the user is logged in and on /account). */
export async function expectOnAccount(page: Page, lang: Lang): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/account', { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: TEXTS[lang].accountTitle }).waitFor();
}

/** The session token sits in localStorage and in a 7-day cookie `token`. */
export async function expectStoredToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored, 'token in localStorage').toBeTruthy();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(cookie?.value, 'token cookie').toBe(stored);
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);
  return stored as string;
}

/** Logs the page in with a token the API issued: stored the way the app stores it. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.context().addInitScript((value) => {
    window.localStorage.setItem('token', value);
  }, token);
}

/**
 * Opens the emailed verification link: it lands on the confirm page (token in the fragment, gone
 * from the address bar at once), where nothing happens until the "Confirm email" button is pressed.
 */
export async function openVerificationLink(page: Page, link: string, lang: Lang = 'ru'): Promise<void> {
  await page.goto(onThisServer(link));
  await page.waitForURL((url) => url.pathname === '/auth/verify-link', { waitUntil: 'commit' });
  await page.getByRole('button', { name: TEXTS[lang].confirmEmail }).waitFor();
}

/** A link from a mail, opened on this run's server (the mail's origin is PUBLIC_URL). */
export function onThisServer(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search + url.hash;
}
