/**
 * Texts of checkout and orders, in ru, en and es: the messages the server answers with (keys of
 * SERVER_MESSAGES), the head texts of its pages (see pages.ts) and the order status and payment
 * method labels that the web and the order mails share.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SHIP_CARRIER_LABELS,
  TRACKING_CARRIER_LABELS,
} from './order-labels';

export const ORDERS_MESSAGES = {
  quantityInvalid: {
    ru: 'Количество должно быть целым числом от 1 до 99',
    en: 'Quantity must be a whole number from 1 to 99',
    es: 'La cantidad debe ser un número entero de 1 a 99',
  },
  firstNameRequired: { ru: 'Укажите имя', en: 'Enter your first name', es: 'Indique su nombre' },
  lastNameRequired: { ru: 'Укажите фамилию', en: 'Enter your last name', es: 'Indique sus apellidos' },
  phoneRequired: { ru: 'Укажите телефон', en: 'Enter your phone number', es: 'Indique su teléfono' },
  termsRequired: {
    ru: 'Необходимо согласиться с условиями',
    en: 'You must accept the terms',
    es: 'Debe aceptar las condiciones',
  },
  orderEmpty: { ru: 'Корзина пуста', en: 'The cart is empty', es: 'El carrito está vacío' },
  orderTooManyLines: {
    ru: 'Слишком много позиций в заказе',
    en: 'Too many lines in the order',
    es: 'Demasiadas líneas en el pedido',
  },
  countryUnknown: {
    ru: 'Выберите страну из списка',
    en: 'Choose a country from the list',
    es: 'Elija un país de la lista',
  },
  countryNotShipped: {
    ru: 'В эту страну мы пока не отправляем посылки. Уроки и электронные книги доступны везде',
    en: 'We do not send parcels to this country yet. Lessons and e-books work anywhere',
    es: 'Todavía no enviamos paquetes a este país. Las clases y los libros electrónicos funcionan en todas partes',
  },
  deliveryMethodAbroad: {
    ru: 'За границу посылки идут Почтой России; самовывоз — из мастерской',
    en: 'Parcels abroad go by Russian Post; pickup is from the workshop',
    es: 'Los paquetes al extranjero van por Correos de Rusia; la recogida es en el taller',
  },
  mapUrlInvalid: {
    ru: 'Ссылка на карту должна начинаться с https://',
    en: 'The map link must start with https://',
    es: 'El enlace al mapa debe empezar por https://',
  },
  deliverySettingsSaved: {
    ru: 'Настройки доставки сохранены',
    en: 'Delivery settings saved',
    es: 'Ajustes de envío guardados',
  },
  addressRequired: {
    ru: 'Для этого способа доставки укажите страну, город, адрес и индекс',
    en: 'This delivery method needs a country, city, address and postal code',
    es: 'Este método de envío necesita país, ciudad, dirección y código postal',
  },
  trackingNumberInvalid: {
    ru: 'Трек-номер: от 4 до 40 латинских букв, цифр или дефисов',
    en: 'Tracking number: 4 to 40 Latin letters, digits or dashes',
    es: 'Número de seguimiento: de 4 a 40 letras latinas, dígitos o guiones',
  },
  orderHasNoParcel: {
    ru: 'В этом заказе нет товаров для отправки',
    en: 'This order has nothing to ship',
    es: 'Este pedido no tiene nada que enviar',
  },
  trackingSaved: { ru: 'Трек-номер сохранён', en: 'Tracking number saved', es: 'Número de seguimiento guardado' },
  trackingNumberRequired: {
    ru: 'Укажите трек-номер: у этой службы доставки он есть',
    en: 'Enter the tracking number: this carrier gives one',
    es: 'Indique el número de seguimiento: esta empresa lo proporciona',
  },
  orderFullyRefunded: {
    ru: 'За все позиции этого заказа деньги возвращены: отправлять и отмечать доставленным нечего',
    en: 'Every line of this order has been refunded: there is nothing to ship or mark delivered',
    es: 'Se han reembolsado todas las líneas de este pedido: no hay nada que enviar ni marcar como entregado',
  },
  orderAlreadyShipped: {
    ru: 'Заказ уже отправлен. Исправить трек-номер можно в блоке «Трек-номер».',
    en: 'The order has already been shipped. The tracking number can be corrected in the “Tracking number” panel.',
    es: 'El pedido ya se ha enviado. El número de seguimiento se puede corregir en el bloque «Número de seguimiento».',
  },
  orderShippedSaved: { ru: 'Заказ отправлен', en: 'Order shipped', es: 'Pedido enviado' },
  orderReadyForPickupSaved: {
    ru: 'Покупатель получил письмо: заказ готов к выдаче',
    en: 'The customer has been told the order is ready for pickup',
    es: 'Se ha avisado al cliente de que el pedido está listo para recoger',
  },
  pickupPointRequired: {
    ru: 'Укажите адрес пункта выдачи',
    en: 'Enter the pickup point address',
    es: 'Indique la dirección del punto de recogida',
  },
  paymentMethodNotToCountry: {
    ru: 'Оплата при получении возможна только при доставке по России',
    en: 'Cash on receipt is only possible for delivery within Russia',
    es: 'El pago contra entrega solo es posible con envío dentro de Rusia',
  },
  paymentMethodNotAllowed: {
    ru: 'Этот способ оплаты недоступен для выбранной валюты',
    en: 'This payment method is not available for the chosen currency',
    es: 'Este método de pago no está disponible para la moneda elegida',
  },
  itemUnavailable: {
    ru: 'Некоторые товары больше недоступны',
    en: 'Some items are no longer available',
    es: 'Algunos artículos ya no están disponibles',
  },
  outOfStock: {
    ru: 'Недостаточно товара на складе',
    en: 'Not enough of this item in stock',
    es: 'No hay suficientes unidades en stock',
  },
  /** {name} = the product in the reply's language, {available} = what is left now. */
  stockExceeded: {
    ru: 'Товара «{name}» в наличии: {available} шт.; уменьшите количество',
    en: 'Only {available} of “{name}” left in stock; please lower the quantity',
    es: 'Solo quedan {available} unidades de «{name}»; reduzca la cantidad',
  },
  /** {max} = MAX_OPEN_UNPAID_ORDERS. */
  tooManyOpenOrders: {
    ru: 'Достигнут предел неоплаченных заказов ({max}). Оплатите один из них или дождитесь его автоматической отмены',
    en: 'You already have {max} unpaid orders. Pay one of them or wait until it is cancelled automatically',
    es: 'Ya tiene {max} pedidos sin pagar. Pague uno de ellos o espere a que se cancele automáticamente',
  },
  /** An order paid in cash or by transfer over the unpaid-hold caps (UNPAID_HOLD_*). */
  unpaidHoldLimit: {
    ru: 'Неоплаченные заказы могут удерживать не больше {units} шт. одного товара и не больше {maxRub} ₽ всего. Оплатите этот заказ онлайн (картой или PayPal) или напишите мастеру, чтобы договориться об индивидуальном заказе',
    en: 'Unpaid orders may hold at most {units} of one item and {maxRub} ₽ in all. Pay this order online (card or PayPal), or write to the maker to arrange a custom order',
    es: 'Los pedidos sin pagar pueden reservar como máximo {units} unidades de un artículo y {maxRub} ₽ en total. Pague este pedido en línea (tarjeta o PayPal) o escriba a la artesana para acordar un pedido personalizado',
  },
  /** Units an order over the caps waited for were bought by someone else before its payment started. */
  heldUnitsSold: {
    ru: 'Пока заказ ждал оплаты, часть товара купили. Отмените заказ и оформите новый на то, что осталось',
    en: 'While this order waited for payment, some of its items were bought. Cancel it and place a new order for what is left',
    es: 'Mientras el pedido esperaba el pago, se vendieron algunos artículos. Cancélelo y haga un pedido nuevo con lo que queda',
  },
  /** The hold of an order over the caps, started by its first payment, is over. */
  paymentHoldOver: {
    ru: 'Время на оплату этого заказа истекло. Оформите заказ заново',
    en: 'The time to pay for this order is over. Please place the order again',
    es: 'El plazo para pagar este pedido ha terminado. Vuelva a hacer el pedido',
  },
  notSoldInCurrency: {
    ru: 'Некоторые товары не продаются в выбранной валюте',
    en: 'Some items are not sold in the chosen currency',
    es: 'Algunos artículos no se venden en la moneda elegida',
  },
  bookFormatInvalid: {
    ru: 'Выберите формат книги',
    en: 'Choose the book format',
    es: 'Elija el formato del libro',
  },
  variantRequired: {
    ru: 'Выберите вариант товара: цвет, размер',
    en: 'Choose the variant: colour, size',
    es: 'Elija la variante: color, tamaño',
  },
  variantInvalid: {
    ru: 'Такого варианта у товара нет',
    en: 'This product does not come in that variant',
    es: 'Este artículo no viene en esa variante',
  },
  lessonQuantityOne: {
    ru: 'Урок покупается один раз',
    en: 'A lesson is bought once',
    es: 'Una lección se compra una sola vez',
  },
  lessonAlreadyOwned: {
    ru: 'Этот урок у вас уже есть',
    en: 'You already own this lesson',
    es: 'Ya tiene esta lección',
  },
  lessonInCourseInOrder: {
    ru: 'Этот урок входит в курс из того же заказа: уберите урок, курс уже открывает его',
    en: 'This lesson is part of a course in the same order: remove the lesson, the course unlocks it',
    es: 'Esta lección forma parte de un curso del mismo pedido: quite la lección, el curso ya la incluye',
  },
  itemNotSoldInCurrency: {
    ru: 'Это нельзя купить в выбранной валюте: выберите рубли',
    en: 'This cannot be bought in the chosen currency: choose roubles',
    es: 'No se puede comprar en la moneda elegida: elija rublos',
  },
  orderTransitionNotAllowed: {
    ru: 'Такая смена статуса заказа недопустима',
    en: 'This order status change is not allowed',
    es: 'Este cambio de estado del pedido no está permitido',
  },
  orderNotPayable: {
    ru: 'Этот заказ нельзя оплатить',
    en: 'This order cannot be paid',
    es: 'Este pedido no se puede pagar',
  },
  orderCreated: { ru: 'Заказ оформлен', en: 'Order placed', es: 'Pedido realizado' },
  orderNotChangeable: {
    ru: 'Этот заказ уже нельзя изменить: он оплачен, отменён или уже собирается. Если нужно что-то поменять, напишите нам',
    en: 'This order can no longer be changed: it is paid, cancelled or already being prepared. If something needs changing, write to us',
    es: 'Este pedido ya no se puede modificar: está pagado, cancelado o ya se está preparando. Si hay que cambiar algo, escríbanos',
  },
  orderReturnedToCart: {
    ru: 'Заказ отменён, его товары снова в корзине',
    en: 'The order is cancelled and its items are back in your cart',
    es: 'El pedido está cancelado y sus artículos vuelven a estar en el carrito',
  },
} satisfies Record<string, Texts>;

export const ORDERS_PAGE_TEXTS = {
  checkout: { title: pageTitle('checkout') },
  orderSuccess: { title: pageTitle('orderSuccess') },
  orderThanks: {
    title: pageTitle('orderThanks'),
  },
} satisfies Record<string, PageText>;
