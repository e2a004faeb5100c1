/**
 * The customer's mails about a CDEK parcel that no order status change covers (the order's own
 * "shipped" and "delivered" mails tell the rest): the parcel waits at the pickup point or locker,
 * or it could not be handed over. Pure functions; the shipments service addresses and queues them.
 */
import { fillText, type Language, type Texts, trackingUrl } from '@atelier/shared';
import { type RenderedMail, renderMail } from '../../platform/mail/layout';

export const CDEK_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  readySubject: {
    ru: 'Заказ №{n} ждёт вас в пункте выдачи СДЭК',
    en: 'Order #{n} is waiting for you at the CDEK pickup point',
    es: 'El pedido n.º {n} le espera en el punto de recogida de CDEK',
  },
  readyIntro: {
    ru: 'Посылка с заказом №{n} прибыла и ждёт вас по адресу: {address}. Часы работы: {hours}. Заберите её в течение 7 дней, с собой нужен паспорт или код из СМС от СДЭК.',
    en: 'The parcel with order #{n} has arrived and is waiting for you at: {address}. Opening hours: {hours}. Please collect it within 7 days with your passport or the code from CDEK’s text message.',
    es: 'El paquete con el pedido n.º {n} ha llegado y le espera en: {address}. Horario: {hours}. Recójalo en un plazo de 7 días con su pasaporte o el código del SMS de CDEK.',
  },
  lockerIntro: {
    ru: 'Посылка с заказом №{n} лежит в постамате СДЭК по адресу: {address}. Откройте ячейку кодом из СМС от СДЭК в течение 7 дней.',
    en: 'The parcel with order #{n} is in the CDEK parcel locker at: {address}. Open its cell with the code from CDEK’s text message within 7 days.',
    es: 'El paquete con el pedido n.º {n} está en el casillero de CDEK en: {address}. Abra la celda con el código del SMS de CDEK en un plazo de 7 días.',
  },
  notDeliveredSubject: {
    ru: 'Заказ №{n}: СДЭК не смог вручить посылку',
    en: 'Order #{n}: CDEK could not hand over the parcel',
    es: 'Pedido n.º {n}: CDEK no pudo entregar el paquete',
  },
  notDeliveredIntro: {
    ru: 'СДЭК сообщил, что посылку с заказом №{n} не удалось вручить, и она возвращается в магазин. Свяжитесь с нами — мы договоримся, как доставить её снова.',
    en: 'CDEK reports that the parcel with order #{n} could not be handed over and is going back to the shop. Get in touch with us and we will arrange another delivery.',
    es: 'CDEK informa de que el paquete con el pedido n.º {n} no pudo entregarse y vuelve a la tienda. Póngase en contacto con nosotros y organizaremos otra entrega.',
  },
  tracking: {
    ru: 'Трек-номер СДЭК: {number}',
    en: 'CDEK tracking number: {number}',
    es: 'Número de seguimiento de CDEK: {number}',
  },
  track: { ru: 'Отследить посылку', en: 'Track the parcel', es: 'Seguir el envío' },
  action: { ru: 'Открыть заказ', en: 'View your order', es: 'Ver su pedido' },
} satisfies Record<string, Texts>;

const L = CDEK_MAIL_TEXTS;

export interface ParcelMailInput {
  number: number;
  language: Language;
  firstName: string;
  cdekNumber: string | null;
  point: { type: 'PVZ' | 'POSTAMAT'; address: string; workTime: string };
  /** The order's own page. */
  orderUrl: string;
}

function render(input: ParcelMailInput, subject: Texts, intro: string): RenderedMail {
  const lang = input.language;
  const tracking = input.cdekNumber
    ? {
        line: fillText(L.tracking[lang], { number: input.cdekNumber }),
        url: trackingUrl({ carrier: 'cdek', number: input.cdekNumber }),
      }
    : null;
  return renderMail({
    lang,
    subject: fillText(subject[lang], { n: input.number }),
    greeting: fillText(L.hello[lang], { name: input.firstName }),
    blocks: [intro, ...(tracking ? [tracking.line] : [])],
    actions: [
      { label: L.action[lang], url: input.orderUrl },
      ...(tracking?.url ? [{ label: L.track[lang], url: tracking.url }] : []),
    ],
  });
}

/** The parcel waits at the pickup point (or in the locker) the customer chose. */
export function parcelReadyMail(input: ParcelMailInput): RenderedMail {
  const lang = input.language;
  const values = { n: input.number, address: input.point.address, hours: input.point.workTime || '—' };
  const intro = input.point.type === 'POSTAMAT' ? L.lockerIntro[lang] : L.readyIntro[lang];
  return render(input, L.readySubject, fillText(intro, values));
}

/** CDEK could not hand the parcel over: it goes back to the shop. */
export function parcelNotDeliveredMail(input: ParcelMailInput): RenderedMail {
  return render(input, L.notDeliveredSubject, fillText(L.notDeliveredIntro[input.language], { n: input.number }));
}
