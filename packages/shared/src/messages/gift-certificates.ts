/** Texts of gift certificates: the server's answers and the head texts of the gift certificate page. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const GIFT_CERTIFICATES_MESSAGES = {
  giftCodeRequired: {
    ru: 'Введите код сертификата',
    en: 'Enter the certificate code',
    es: 'Introduzca el código del certificado',
  },
  giftCodeInvalid: {
    ru: 'Сертификат с таким кодом не найден',
    en: 'There is no gift certificate with this code',
    es: 'No hay ningún certificado regalo con este código',
  },
  giftCodeInactive: {
    ru: 'Этот сертификат больше не действует',
    en: 'This gift certificate is no longer valid',
    es: 'Este certificado regalo ya no es válido',
  },
  giftCodeEmpty: {
    ru: 'На сертификате не осталось средств',
    en: 'There is nothing left on this gift certificate',
    es: 'Este certificado regalo no tiene saldo',
  },
  giftCurrencyMismatch: {
    ru: 'Сертификат в валюте {certificate}, а заказ — в {order}: сертификатом можно оплатить только заказ в его валюте',
    en: 'The certificate is in {certificate} and the order in {order}: a certificate pays only orders in its own currency',
    es: 'El certificado está en {certificate} y el pedido en {order}: un certificado solo paga pedidos en su propia moneda',
  },
  giftCodeRateLimited: {
    ru: 'Слишком много попыток ввести код сертификата. Попробуйте позже',
    en: 'Too many gift certificate codes tried. Please try again later',
    es: 'Demasiados intentos con códigos de certificado. Inténtelo más tarde',
  },
  giftAmountInvalid: {
    ru: 'Укажите сумму: положительное число, не больше двух знаков после запятой',
    en: 'Enter an amount: a positive number with at most two decimals',
    es: 'Indique un importe: un número positivo con dos decimales como máximo',
  },
  giftAmountBelowMin: {
    ru: 'Минимальная сумма сертификата — {min}',
    en: 'The smallest certificate is {min}',
    es: 'El importe mínimo del certificado es {min}',
  },
  giftAmountAboveMax: {
    ru: 'Максимальная сумма сертификата — {max}',
    en: 'The largest certificate is {max}',
    es: 'El importe máximo del certificado es {max}',
  },
  giftPresetsTooMany: {
    ru: 'Не больше шести готовых сумм на валюту',
    en: 'At most six preset amounts per currency',
    es: 'Como máximo seis importes predefinidos por moneda',
  },
  giftLimitsInvalid: {
    ru: 'Максимальная сумма не может быть меньше минимальной',
    en: 'The largest amount cannot be below the smallest',
    es: 'El importe máximo no puede ser menor que el mínimo',
  },
  giftPresetOutOfLimits: {
    ru: 'Готовая сумма должна быть между минимальной и максимальной',
    en: 'A preset amount must lie between the smallest and the largest',
    es: 'Un importe predefinido debe estar entre el mínimo y el máximo',
  },
  giftDateInvalid: {
    ru: 'Укажите дату доставки',
    en: 'Choose the delivery date',
    es: 'Elija la fecha de entrega',
  },
  giftDateInPast: {
    ru: 'Дата доставки не может быть в прошлом',
    en: 'The delivery date cannot be in the past',
    es: 'La fecha de entrega no puede estar en el pasado',
  },
  giftDateTooFar: {
    ru: 'Дата доставки — не позже чем через год',
    en: 'The delivery date can be at most a year ahead',
    es: 'La fecha de entrega puede ser como máximo dentro de un año',
  },
  giftRecipientNameRequired: {
    ru: 'Укажите имя получателя',
    en: 'Enter the recipient’s name',
    es: 'Indique el nombre del destinatario',
  },
  giftSenderNameRequired: {
    ru: 'Укажите, от кого подарок',
    en: 'Enter who the gift is from',
    es: 'Indique de quién es el regalo',
  },
  giftCertificateOrdered: {
    ru: 'Заказ сертификата оформлен: после оплаты получатель получит письмо в выбранный день',
    en: 'The certificate is ordered: once it is paid, the recipient gets the mail on the chosen day',
    es: 'El certificado está pedido: una vez pagado, el destinatario recibirá el correo el día elegido',
  },
  giftCertificateIssued: {
    ru: 'Сертификат выпущен',
    en: 'The certificate has been issued',
    es: 'El certificado se ha emitido',
  },
  giftCertificateDeactivated: {
    ru: 'Сертификат деактивирован: его остаток больше нельзя потратить',
    en: 'The certificate is deactivated: its balance can no longer be spent',
    es: 'El certificado está desactivado: su saldo ya no se puede gastar',
  },
  giftCertificateNotActive: {
    ru: 'Деактивировать можно только действующий сертификат',
    en: 'Only a valid certificate can be deactivated',
    es: 'Solo se puede desactivar un certificado válido',
  },
  giftCertificateSpent: {
    ru: 'Этот заказ нельзя отменить: сертификат из него уже потрачен. Сначала верните или отмените заказы, оплаченные им',
    en: 'This order cannot be cancelled: its certificate has already been spent. Cancel the orders it paid first',
    es: 'Este pedido no se puede cancelar: su certificado ya se ha gastado. Cancele primero los pedidos que pagó',
  },
  giftSettingsSaved: {
    ru: 'Настройки сертификатов сохранены',
    en: 'Gift certificate settings saved',
    es: 'Ajustes de los certificados guardados',
  },
} satisfies Record<string, Texts>;

export const GIFT_CERTIFICATES_PAGE_TEXTS = {
  giftCertificates: {
    title: pageTitle('giftCertificates'),
    description: {
      ru: 'Подарочный сертификат мастерской шёлковых цветов: любая сумма в рублях, евро или долларах, письмо получателю в выбранный день и сертификат для печати.',
      en: 'A gift certificate of the silk-flower atelier: any amount in roubles, euros or dollars, mailed to the recipient on the day you choose, with a printable certificate.',
      es: 'Un certificado regalo del taller de flores de seda: cualquier importe en rublos, euros o dólares, enviado al destinatario el día que elija, con un certificado para imprimir.',
    },
  },
} satisfies Record<string, PageText>;
