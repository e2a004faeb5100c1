/**
 * The title of every page in Russian, the one source of the words: the server's `<title>` and the
 * browser's after a client-side navigation (the web's later texts, under `pages`). The home page's
 * is the site's motto (`Atelier — …`).
 */
export const PAGE_TITLES_RU = {
  admin: 'Панель администратора',
  auth: 'Вход и регистрация',
  verifyLink: 'Подтверждение email',
  login: 'Вход',
  register: 'Регистрация',
  forgotPassword: 'Восстановление пароля',
  resetPassword: 'Новый пароль',
  cart: 'Корзина',
  certificate: 'Проверка сертификата',
  notFound: 'Страница не найдена',
  course: 'Курс',
  customOrder: 'Изделие на заказ',
  giftCertificates: 'Подарочный сертификат',
  home: 'цветы из шёлка ручной работы',
  privacy: 'Политика конфиденциальности',
  terms: 'Публичная оферта',
  agreement: 'Пользовательское соглашение',
  legalDocument: 'Правовые документы',
  legalVersion: 'Редакция документа',
  lessons: 'Видеоуроки',
  lesson: 'Видеоурок',
  checkout: 'Оформление заказа',
  orderSuccess: 'Заказ оформлен',
  orderThanks: 'Спасибо за заказ',
  paymentSuccess: 'Оплата прошла успешно',
  paymentCancel: 'Оплата отменена',
  paymentProcessing: 'Обработка оплаты',
  payLink: 'Оплата заказа',
  shop: 'Магазин',
  product: 'Товар',
  stockAlertConfirm: 'Подтверждение подписки',
  stockAlertUnsubscribe: 'Отписка от уведомлений',
  account: 'Личный кабинет',
} as const;

/** Every page's title in one language. */
export type PageTitles = Record<keyof typeof PAGE_TITLES_RU, string>;
