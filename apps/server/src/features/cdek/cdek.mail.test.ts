import { describe, expect, it } from 'vitest';
import { type ParcelMailInput, parcelNotDeliveredMail, parcelReadyMail } from './cdek.mail';

const input = (over: Partial<ParcelMailInput> = {}): ParcelMailInput => ({
  number: 42,
  language: 'en',
  firstName: 'Anna',
  cdekNumber: '1234567890',
  point: { type: 'PVZ', address: 'Russia, Kazan, Baumana st. 58', workTime: 'Mon-Fri 10:00-20:00' },
  orderUrl: 'https://shop.example/account/orders/0b7a2c1e-1111-4111-8111-111111111111',
  ...over,
});

describe('CDEK parcel mails', () => {
  it('at a pickup point: where, when it is open, 7 days, and CDEK’s tracking link, in the order’s language', () => {
    const mail = parcelReadyMail(input());
    expect(mail.subject).toBe('Order #42 is waiting for you at the CDEK pickup point');
    expect(mail.text).toContain('Russia, Kazan, Baumana st. 58');
    expect(mail.text).toContain('Mon-Fri 10:00-20:00');
    expect(mail.text).toContain('within 7 days');
    expect(mail.text).toContain('https://www.cdek.ru/ru/tracking?order_id=1234567890');
    expect(parcelReadyMail(input({ language: 'es' })).subject).toBe(
      'El pedido n.º 42 le espera en el punto de recogida de CDEK',
    );
  });

  it('in a locker: the code from CDEK’s text message opens it', () => {
    const mail = parcelReadyMail(
      input({ language: 'ru', point: { type: 'POSTAMAT', address: 'Казань, Пушкина, 12', workTime: '' } }),
    );
    expect(mail.text).toContain('лежит в постамате СДЭК по адресу: Казань, Пушкина, 12');
  });

  it('not delivered: going back to the shop; without a tracking number, no tracking link', () => {
    const mail = parcelNotDeliveredMail(input({ cdekNumber: null }));
    expect(mail.subject).toBe('Order #42: CDEK could not hand over the parcel');
    expect(mail.text).not.toContain('cdek.ru/ru/tracking');
    expect(mail.text).toContain('https://shop.example/account');
  });
});
