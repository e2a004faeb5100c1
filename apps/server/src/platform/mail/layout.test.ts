import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html';
import { MAIL_SIGNATURE, renderMail } from './layout';

describe('the one mail layout', () => {
  const mail = renderMail({
    lang: 'ru',
    subject: 'Заказ №7: <отправлен>',
    greeting: 'Здравствуйте, Анна & Co!',
    blocks: ['Первый абзац.', ['Строка 1', 'Строка 2']],
    code: '123456',
    actions: [{ label: 'Мои заказы', url: 'https://a.test/account/orders?x=1&y="2"' }],
    footer: 'Ответьте на это письмо.',
  });

  it('writes the text version block by block, then the code, the actions, the footer and the signature', () => {
    expect(mail.subject).toBe('Заказ №7: <отправлен>');
    expect(mail.text).toBe(
      [
        'Здравствуйте, Анна & Co!',
        '',
        'Первый абзац.',
        '',
        'Строка 1',
        'Строка 2',
        '',
        '123456',
        '',
        'Мои заказы: https://a.test/account/orders?x=1&y="2"',
        '',
        'Ответьте на это письмо.',
        '',
        MAIL_SIGNATURE,
      ].join('\n'),
    );
  });

  it('escapes every value in the HTML version', () => {
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.html).toContain('<title>Заказ №7: &lt;отправлен&gt;</title>');
    expect(mail.html).toContain('Анна &amp; Co!');
    expect(mail.html).toContain('href="https://a.test/account/orders?x=1&amp;y=&quot;2&quot;"');
    expect(mail.html).not.toContain('<отправлен>');
    for (const text of ['Первый абзац.', 'Строка 1', 'Строка 2', '123456', 'Мои заказы', 'Ответьте на это письмо.']) {
      expect(mail.html).toContain(text);
    }
  });

  it('writes the unsubscribe line last before the signature, its link escaped', () => {
    const notice = renderMail({
      lang: 'en',
      subject: 'S',
      blocks: ['Back.'],
      footer: 'Once only.',
      unsubscribe: { text: 'No more of these?', label: 'Unsubscribe', url: 'https://a.test/u#token=a&b' },
    });
    expect(notice.text).toBe(
      `Back.\n\nOnce only.\n\nNo more of these? Unsubscribe: https://a.test/u#token=a&b\n\n${MAIL_SIGNATURE}`,
    );
    expect(notice.html).toContain('No more of these? <a href="https://a.test/u#token=a&amp;b"');
    const html = notice.html ?? '';
    expect(html.indexOf('Unsubscribe</a>')).toBeLessThan(html.indexOf(MAIL_SIGNATURE));
  });

  it('leaves out what a mail does not have', () => {
    const bare = renderMail({ lang: 'en', subject: 'S', blocks: ['Only this.'] });
    expect(bare.text).toBe(`Only this.\n\n${MAIL_SIGNATURE}`);
    expect(bare.html).not.toContain('<a ');
  });
});

describe('escapeHtml', () => {
  it.each([
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ["it's & more", 'it&#39;s &amp; more'],
    ['plain', 'plain'],
  ])('%s → %s', (input, output) => {
    expect(escapeHtml(input)).toBe(output);
  });
});
