/** Texts of CDEK delivery in ru, en and es: the messages the server answers with. */
import type { Texts } from '../texts';

export const CDEK_MESSAGES = {
  parcelInvalid: {
    ru: 'Вес — целое число граммов от 1 до 100 000, стороны коробки — целые сантиметры от 1 до 300',
    en: 'Weight is a whole number of grams from 1 to 100,000; box sides are whole centimetres from 1 to 300',
    es: 'El peso es un número entero de gramos de 1 a 100 000; los lados de la caja, centímetros enteros de 1 a 300',
  },
  cdekCityRequired: {
    ru: 'Введите хотя бы две буквы названия города',
    en: 'Type at least two letters of the city name',
    es: 'Escriba al menos dos letras del nombre de la ciudad',
  },
  cdekPointRequired: {
    ru: 'Выберите пункт выдачи СДЭК из списка',
    en: 'Choose a CDEK pickup point from the list',
    es: 'Elija un punto de recogida de CDEK de la lista',
  },
  cdekPointUnknown: {
    ru: 'Такого пункта выдачи СДЭК нет или он закрыт. Выберите другой',
    en: 'This CDEK pickup point does not exist or is closed. Choose another one',
    es: 'Este punto de recogida de CDEK no existe o está cerrado. Elija otro',
  },
  cdekNotDeliverable: {
    ru: 'СДЭК не может доставить эту посылку в выбранный пункт (вес или размер). Выберите другой пункт',
    en: 'CDEK cannot deliver this parcel to the chosen point (weight or size). Choose another point',
    es: 'CDEK no puede entregar este paquete en el punto elegido (peso o tamaño). Elija otro punto',
  },
  cdekUnavailable: {
    ru: 'СДЭК сейчас не отвечает. Попробуйте ещё раз через минуту или выберите другой способ доставки',
    en: 'CDEK is not answering right now. Try again in a minute or choose another delivery method',
    es: 'CDEK no responde ahora. Inténtelo de nuevo en un minuto o elija otro método de envío',
  },
  cdekNotConfigured: {
    ru: 'Доставка СДЭК не подключена',
    en: 'CDEK delivery is not set up',
    es: 'El envío con CDEK no está configurado',
  },
  cdekNotRegistrable: {
    ru: 'В СДЭК регистрируется только оплаченный заказ с доставкой в пункт выдачи СДЭК',
    en: 'Only a paid order with delivery to a CDEK pickup point can be registered with CDEK',
    es: 'Solo un pedido pagado con entrega en un punto de CDEK se puede registrar en CDEK',
  },
  cdekRegistrationInProgress: {
    ru: 'Заказ уже регистрируется в СДЭК. Обновите страницу через минуту',
    en: 'The order is already being registered with CDEK. Reload the page in a minute',
    es: 'El pedido ya se está registrando en CDEK. Recargue la página en un minuto',
  },
  cdekRegistered: {
    ru: 'Заказ зарегистрирован в СДЭК',
    en: 'The order has been registered with CDEK',
    es: 'El pedido se ha registrado en CDEK',
  },
  cdekRegistrationFailed: {
    ru: 'СДЭК не принял заказ: причина указана на странице заказа',
    en: 'CDEK did not accept the order: the reason is shown on the order page',
    es: 'CDEK no aceptó el pedido: el motivo se muestra en la página del pedido',
  },
  cdekNotRegistered: {
    ru: 'Заказ ещё не зарегистрирован в СДЭК',
    en: 'The order is not registered with CDEK yet',
    es: 'El pedido aún no está registrado en CDEK',
  },
  cdekLabelNotReady: {
    ru: 'СДЭК ещё готовит этикетку. Попробуйте через минуту',
    en: 'CDEK is still preparing the label. Try again in a minute',
    es: 'CDEK aún está preparando la etiqueta. Inténtelo en un minuto',
  },
} satisfies Record<string, Texts>;
