/**
 * The mails of custom order requests, each side told of the other's step: the customer in her
 * language, the admin (the owner's notice address) in the owner's. Pure functions: the service
 * enqueues what they return in the transaction of the step.
 */
import { type Currency, type CustomOccasion, fillText, formatMoney, type Language, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const CUSTOM_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  lineDeposit: {
    ru: 'Предоплата за изделие на заказ № {number}',
    en: 'Deposit for custom piece no. {number}',
    es: 'Anticipo de la pieza por encargo n.º {number}',
  },
  lineBalance: {
    ru: 'Остаток за изделие на заказ № {number}',
    en: 'Balance for custom piece no. {number}',
    es: 'Resto de la pieza por encargo n.º {number}',
  },
  // ---- to the customer
  quoteSubject: {
    ru: 'Предложение по вашей заявке № {number}',
    en: 'A quote for your request no. {number}',
    es: 'Presupuesto para su solicitud n.º {number}',
  },
  quoteIntro: {
    ru: 'Мы готовы сделать изделие по вашей заявке № {number}. Стоимость — {price}, готово к {date}.',
    en: 'We can make the piece of your request no. {number}. The price is {price}, ready by {date}.',
    es: 'Podemos hacer la pieza de su solicitud n.º {number}. El precio es {price}, lista para el {date}.',
  },
  quoteDeposit: {
    ru: 'Предоплата {percent}% — {deposit}, остаток {balance} оплачивается позже.',
    en: 'The deposit is {percent}%, {deposit}; the balance of {balance} is paid later.',
    es: 'El anticipo es del {percent}%, {deposit}; el resto de {balance} se paga después.',
  },
  quoteNoDeposit: {
    ru: 'Предоплата не нужна: всю сумму можно оплатить позже.',
    en: 'No deposit is needed: the whole price is paid later.',
    es: 'No hace falta anticipo: el precio completo se paga después.',
  },
  quoteFull: {
    ru: 'Оплата — вся сумма вперёд.',
    en: 'The whole price is paid up front.',
    es: 'El precio completo se paga por adelantado.',
  },
  quoteAction: {
    ru: 'Принять или отклонить в личном кабинете',
    en: 'Accept or decline in your account',
    es: 'Aceptar o rechazar en su cuenta',
  },
  paidSubject: {
    ru: 'Оплата по заявке № {number} получена',
    en: 'Payment for request no. {number} received',
    es: 'Pago de la solicitud n.º {number} recibido',
  },
  paidDepositIntro: {
    ru: 'Спасибо! Предоплата {amount} по заявке № {number} получена — скоро начнём работу.',
    en: 'Thank you! The deposit of {amount} for request no. {number} is received: work starts soon.',
    es: '¡Gracias! Hemos recibido el anticipo de {amount} de la solicitud n.º {number}: pronto empezamos.',
  },
  paidBalanceIntro: {
    ru: 'Спасибо! Остаток {amount} по заявке № {number} получен.',
    en: 'Thank you! The balance of {amount} for request no. {number} is received.',
    es: '¡Gracias! Hemos recibido el resto de {amount} de la solicitud n.º {number}.',
  },
  inWorkSubject: {
    ru: 'Заявка № {number}: работа началась',
    en: 'Request no. {number}: work has started',
    es: 'Solicitud n.º {number}: el trabajo ha comenzado',
  },
  inWorkIntro: {
    ru: 'Мы начали работу над вашим изделием по заявке № {number}.',
    en: 'We have started making the piece of your request no. {number}.',
    es: 'Hemos empezado a hacer la pieza de su solicitud n.º {number}.',
  },
  doneSubject: {
    ru: 'Заявка № {number}: изделие готово',
    en: 'Request no. {number}: your piece is ready',
    es: 'Solicitud n.º {number}: su pieza está lista',
  },
  doneIntro: {
    ru: 'Ваше изделие по заявке № {number} готово. Мы свяжемся с вами, чтобы договориться о передаче.',
    en: 'The piece of your request no. {number} is ready. We will be in touch about handing it over.',
    es: 'La pieza de su solicitud n.º {number} está lista. Le contactaremos para la entrega.',
  },
  declinedSubject: {
    ru: 'Заявка № {number} отклонена',
    en: 'Request no. {number} declined',
    es: 'Solicitud n.º {number} rechazada',
  },
  declinedIntro: {
    ru: 'К сожалению, мы не сможем выполнить заявку № {number}.',
    en: 'We are sorry: we cannot take on request no. {number}.',
    es: 'Lo sentimos: no podemos aceptar la solicitud n.º {number}.',
  },
  note: { ru: 'Комментарий:', en: 'Note:', es: 'Comentario:' },
  accountAction: { ru: 'Открыть заявку', en: 'Open the request', es: 'Abrir la solicitud' },
  // ---- to the admin
  adminNewSubject: {
    ru: 'Новая заявка на изделие № {number}',
    en: 'New custom request no. {number}',
    es: 'Nueva solicitud por encargo n.º {number}',
  },
  adminNewIntro: {
    ru: '{name} ({email}) прислал(а) заявку: повод — {occasion}, нужно к {date}, цвета — {colours}.',
    en: '{name} ({email}) sent a request: occasion {occasion}, needed by {date}, colours {colours}.',
    es: '{name} ({email}) envió una solicitud: ocasión {occasion}, para el {date}, colores {colours}.',
  },
  adminBudget: { ru: 'Бюджет: {budget}.', en: 'Budget: {budget}.', es: 'Presupuesto: {budget}.' },
  adminPhotos: { ru: 'Фотографий: {count}.', en: 'Photos: {count}.', es: 'Fotos: {count}.' },
  adminAcceptedSubject: {
    ru: 'Заявка № {number}: предложение принято',
    en: 'Request no. {number}: quote accepted',
    es: 'Solicitud n.º {number}: presupuesto aceptado',
  },
  adminAcceptedIntro: {
    ru: '{name} принял(а) предложение на {price}.',
    en: '{name} accepted the quote of {price}.',
    es: '{name} aceptó el presupuesto de {price}.',
  },
  adminDeclinedSubject: {
    ru: 'Заявка № {number}: клиент отказался',
    en: 'Request no. {number}: the customer declined',
    es: 'Solicitud n.º {number}: el cliente rechazó',
  },
  adminDeclinedIntro: {
    ru: '{name} отказался(ась) от предложения.',
    en: '{name} declined the quote.',
    es: '{name} rechazó el presupuesto.',
  },
  adminPaidSubject: {
    ru: 'Заявка № {number}: оплата {amount}',
    en: 'Request no. {number}: {amount} paid',
    es: 'Solicitud n.º {number}: {amount} pagado',
  },
  adminPaidDeposit: {
    ru: 'Предоплата {amount} получена — можно начинать работу.',
    en: 'The deposit of {amount} is paid: work can start.',
    es: 'El anticipo de {amount} está pagado: se puede empezar.',
  },
  adminPaidBalance: {
    ru: 'Остаток {amount} получен — заявку можно завершить.',
    en: 'The balance of {amount} is paid: the request can be completed.',
    es: 'El resto de {amount} está pagado: la solicitud se puede completar.',
  },
  adminAction: { ru: 'Открыть в админке', en: 'Open in the admin', es: 'Abrir en la administración' },
} satisfies Record<string, Texts>;

type Key = keyof typeof CUSTOM_MAIL_TEXTS;
export const customText = (key: Key, lang: Language, values: Record<string, string | number> = {}) =>
  fillText(CUSTOM_MAIL_TEXTS[key][lang], values);

export const customMoney = (minor: number, currency: Currency, lang: Language) =>
  formatMoney(minor / 100, currency, lang);

const DATE: Record<Language, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }),
};
export const customDate = (date: string, lang: Language) => DATE[lang].format(new Date(`${date}T12:00:00Z`));

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Base {
  to: string;
  lang: Language;
  number: number;
  url: string;
}

/** What the customer is told: a quote, a payment received, work started, the piece done, a decline. */
export type CustomerMailInput = Base & { name: string } & (
    | {
        kind: 'quote';
        priceMinor: number;
        currency: Currency;
        depositPercent: number;
        depositMinor: number;
        balanceMinor: number;
        dueDate: string;
        message: string | null;
      }
    | { kind: 'paid'; part: 'deposit' | 'balance'; amountMinor: number; currency: Currency }
    | { kind: 'in_work' | 'done' }
    | { kind: 'declined'; note: string | null }
  );

export function customerMail(input: CustomerMailInput): MailMessage {
  const { lang, number } = input;
  const t = (key: Key, values: Record<string, string | number> = {}) => customText(key, lang, { number, ...values });
  let subject: string;
  let blocks: (string | string[])[];
  let action = t('accountAction');
  switch (input.kind) {
    case 'quote': {
      const money = (minor: number) => customMoney(minor, input.currency, lang);
      subject = t('quoteSubject');
      blocks = [
        t('quoteIntro', { price: money(input.priceMinor), date: customDate(input.dueDate, lang) }),
        input.depositPercent === 0
          ? t('quoteNoDeposit')
          : input.depositPercent === 100
            ? t('quoteFull')
            : t('quoteDeposit', {
                percent: input.depositPercent,
                deposit: money(input.depositMinor),
                balance: money(input.balanceMinor),
              }),
        ...(input.message ? [input.message] : []),
      ];
      action = t('quoteAction');
      break;
    }
    case 'paid': {
      const amount = customMoney(input.amountMinor, input.currency, lang);
      subject = t('paidSubject');
      blocks = [t(input.part === 'deposit' ? 'paidDepositIntro' : 'paidBalanceIntro', { amount })];
      break;
    }
    case 'in_work':
      subject = t('inWorkSubject');
      blocks = [t('inWorkIntro')];
      break;
    case 'done':
      subject = t('doneSubject');
      blocks = [t('doneIntro')];
      break;
    case 'declined':
      subject = t('declinedSubject');
      blocks = [t('declinedIntro'), ...(input.note ? [[t('note'), input.note]] : [])];
      break;
  }
  return {
    to: input.to,
    ...renderMail({
      lang,
      subject,
      greeting: t('hello', { name: oneLine(input.name) }),
      blocks,
      actions: [{ label: action, url: input.url }],
    }),
  };
}

/** What the admin is told: a new request, the customer's answer to a quote, a payment. */
export type AdminMailInput = Base & { customerName: string } & (
    | {
        kind: 'new';
        customerEmail: string;
        occasion: string;
        dateNeeded: string;
        colours: string;
        budget: { minor: number; currency: Currency } | null;
        description: string;
        photos: number;
      }
    | { kind: 'accepted'; priceMinor: number; currency: Currency }
    | { kind: 'declined'; note: string | null }
    | { kind: 'paid'; part: 'deposit' | 'balance'; amountMinor: number; currency: Currency }
  );

export function adminMail(input: AdminMailInput): MailMessage {
  const { lang, number } = input;
  const name = oneLine(input.customerName);
  const t = (key: Key, values: Record<string, string | number> = {}) => customText(key, lang, { number, ...values });
  let subject: string;
  let blocks: (string | string[])[];
  switch (input.kind) {
    case 'new':
      subject = t('adminNewSubject');
      blocks = [
        t('adminNewIntro', {
          name,
          email: input.customerEmail,
          occasion: oneLine(input.occasion),
          date: customDate(input.dateNeeded, lang),
          colours: oneLine(input.colours),
        }),
        ...(input.budget
          ? [t('adminBudget', { budget: customMoney(input.budget.minor, input.budget.currency, lang) })]
          : []),
        input.description,
        t('adminPhotos', { count: input.photos }),
      ];
      break;
    case 'accepted':
      subject = t('adminAcceptedSubject');
      blocks = [t('adminAcceptedIntro', { name, price: customMoney(input.priceMinor, input.currency, lang) })];
      break;
    case 'declined':
      subject = t('adminDeclinedSubject');
      blocks = [t('adminDeclinedIntro', { name }), ...(input.note ? [[t('note'), input.note]] : [])];
      break;
    case 'paid': {
      const amount = customMoney(input.amountMinor, input.currency, lang);
      subject = t('adminPaidSubject', { amount });
      blocks = [t(input.part === 'deposit' ? 'adminPaidDeposit' : 'adminPaidBalance', { amount })];
      break;
    }
  }
  return {
    to: input.to,
    ...renderMail({ lang, subject, blocks, actions: [{ label: t('adminAction'), url: input.url }] }),
  };
}

const OCCASIONS = {
  wedding: { ru: 'свадьба', en: 'wedding', es: 'boda' },
  birthday: { ru: 'день рождения', en: 'birthday', es: 'cumpleaños' },
  anniversary: { ru: 'годовщина', en: 'anniversary', es: 'aniversario' },
  interior: { ru: 'интерьер', en: 'interior', es: 'interior' },
  corporate: { ru: 'корпоративный заказ', en: 'corporate', es: 'empresa' },
  gift: { ru: 'подарок', en: 'gift', es: 'regalo' },
  other: { ru: 'другое', en: 'other', es: 'otra' },
} satisfies Record<CustomOccasion, Texts>;

/** The occasion as the admin reads it: the list's word, or what the customer typed for "other". */
export function occasionLabel(occasion: CustomOccasion, other: string | null, lang: Language): string {
  return occasion === 'other' && other ? other : OCCASIONS[occasion][lang];
}
