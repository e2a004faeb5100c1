/** Texts of custom order requests: the server's answers (the web shows the same words). */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const CUSTOM_ORDERS_MESSAGES = {
  customOccasionRequired: {
    ru: 'Выберите повод',
    en: 'Choose the occasion',
    es: 'Elija la ocasión',
  },
  customOccasionOtherRequired: {
    ru: 'Напишите, какой повод',
    en: 'Say what the occasion is',
    es: 'Indique cuál es la ocasión',
  },
  customDateInvalid: {
    ru: 'Укажите дату',
    en: 'Enter a date',
    es: 'Indique una fecha',
  },
  customDateInPast: {
    ru: 'Эта дата уже прошла',
    en: 'This date has already passed',
    es: 'Esta fecha ya ha pasado',
  },
  customDateTooFar: {
    ru: 'Дата не может быть позже чем через три года',
    en: 'The date cannot be more than three years ahead',
    es: 'La fecha no puede ser dentro de más de tres años',
  },
  customColoursRequired: {
    ru: 'Опишите цвета',
    en: 'Describe the colours',
    es: 'Describa los colores',
  },
  customAmountInvalid: {
    ru: 'Укажите сумму: положительное число, не больше двух знаков после запятой',
    en: 'Enter an amount: a positive number with at most two decimals',
    es: 'Indique un importe: un número positivo con dos decimales como máximo',
  },
  customBudgetCurrencyRequired: {
    ru: 'Выберите валюту бюджета',
    en: 'Choose the currency of the budget',
    es: 'Elija la moneda del presupuesto',
  },
  customDescriptionTooShort: {
    ru: 'Опишите изделие — хотя бы 10 символов',
    en: 'Describe the piece in at least 10 characters',
    es: 'Describa la pieza con al menos 10 caracteres',
  },
  customDescriptionTooLong: {
    ru: 'Описание — не больше 2000 символов',
    en: 'The description can be at most 2000 characters',
    es: 'La descripción puede tener como máximo 2000 caracteres',
  },
  customPortfolioItemUnknown: {
    ru: 'Такой работы в портфолио нет',
    en: 'There is no such piece in the portfolio',
    es: 'No existe esa pieza en el portafolio',
  },
  customDepositInvalid: {
    ru: 'Предоплата — целое число процентов от 0 до 100',
    en: 'The deposit is a whole percentage from 0 to 100',
    es: 'El anticipo es un porcentaje entero de 0 a 100',
  },
  customTooManyOpen: {
    ru: 'У вас уже 5 незавершённых заявок: дождитесь ответа по ним',
    en: 'You already have 5 open requests: please wait until they are answered',
    es: 'Ya tiene 5 solicitudes abiertas: espere a que se respondan',
  },
  customStepNotAllowed: {
    ru: 'Сейчас это сделать нельзя: заявка в другом статусе',
    en: 'This cannot be done now: the request is in another status',
    es: 'Ahora no se puede hacer: la solicitud está en otro estado',
  },
  customQuoteChanged: {
    ru: 'Предложение изменилось: посмотрите новое',
    en: 'The quote has changed: please look at the new one',
    es: 'El presupuesto ha cambiado: revise el nuevo',
  },
  customNothingToPay: {
    ru: 'По этой заявке сейчас нечего оплачивать',
    en: 'There is nothing to pay on this request now',
    es: 'No hay nada que pagar en esta solicitud ahora',
  },
  customDepositPending: {
    ru: 'По заявке ждёт оплаты заказ на предоплату: сначала отмените его',
    en: 'A deposit order of this request is waiting for payment: cancel it first',
    es: 'Un pedido de anticipo de esta solicitud espera el pago: cancélelo primero',
  },
  customBalanceUnpaid: {
    ru: 'Сначала должен быть оплачен остаток',
    en: 'The balance must be paid first',
    es: 'Primero debe pagarse el resto',
  },
  customRequestSent: {
    ru: 'Заявка отправлена. Мы ответим на почту',
    en: 'Request sent. We will answer by email',
    es: 'Solicitud enviada. Le responderemos por correo',
  },
  customQuoteSent: {
    ru: 'Предложение отправлено клиенту',
    en: 'The quote has been sent to the customer',
    es: 'El presupuesto se ha enviado al cliente',
  },
  customQuoteAccepted: {
    ru: 'Предложение принято',
    en: 'Quote accepted',
    es: 'Presupuesto aceptado',
  },
  customRequestDeclined: {
    ru: 'Заявка отклонена',
    en: 'Request declined',
    es: 'Solicitud rechazada',
  },
  customStatusChanged: {
    ru: 'Статус заявки изменён',
    en: 'Request status changed',
    es: 'Estado de la solicitud cambiado',
  },
} satisfies Record<string, Texts>;

export const CUSTOM_ORDERS_PAGE_TEXTS = {
  customOrder: {
    title: pageTitle('customOrder'),
    description: {
      ru: 'Закажите изделие из шёлковых цветов по своей идее: повод, дата, цвета, бюджет и фото-примеры.',
      en: 'Ask for a silk-flower piece made to your idea: occasion, date, colours, budget and reference photos.',
      es: 'Pida una pieza de flores de seda según su idea: ocasión, fecha, colores, presupuesto y fotos de referencia.',
    },
  },
} satisfies Record<string, PageText>;
