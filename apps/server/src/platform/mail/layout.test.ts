import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html';
import { LAYOUT_TEXTS, MAIL_SIGNATURE, renderMail } from './layout';

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
    expect(notice.html).toContain('No more of these? <a class="m-muted" href="https://a.test/u#token=a&amp;b"');
    const html = notice.html ?? '';
    expect(html.indexOf('Unsubscribe</a>')).toBeGreaterThan(html.indexOf('Once only.'));
  });

  it('leaves out what a mail does not have', () => {
    const bare = renderMail({ lang: 'en', subject: 'S', blocks: ['Only this.'] });
    expect(bare.text).toBe(`Only this.\n\n${MAIL_SIGNATURE}`);
    expect(bare.html).not.toContain('<a ');
  });
});

describe('the layout in mail clients', () => {
  const order = {
    lang: 'en' as const,
    subject: 'Order',
    greeting: 'Hello, <b>Eve</b>!',
    blocks: ['Thanks.'],
    items: [{ name: 'Rose <img src=x onerror=alert(1)>', detail: '2 × €3', amount: '€6' }],
    totals: [
      { label: 'Delivery', value: 'free' },
      { label: 'Total', value: '€6', strong: true },
    ],
    actions: [{ label: 'View your order', url: 'https://a.test/account/orders/1' }],
  };

  it('is a table layout with inline styles, a phone width and a dark palette, the shop named on top', () => {
    const { html = '' } = renderMail(order);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain('@media (max-width:600px)');
    expect(html).toMatch(/<table role="presentation"[^>]*style="max-width:600px"/);
    expect(html).toMatch(/<span class="m-brand" style="[^"]+">Atelier<\/span>/);
    // Every element the reader sees carries its look inline (a client may drop the <style> block).
    for (const tag of html.match(/<(p|h1|td|a|span)\b[^>]*>/g) ?? []) expect(tag).toContain('style="');
  });

  it('lists the items and sums in both versions, every value escaped', () => {
    const mail = renderMail(order);
    expect(mail.text).toContain('• Rose <img src=x onerror=alert(1)> (2 × €3) — €6');
    expect(mail.text).toContain('Delivery: free\nTotal: €6');
    expect(mail.html).toContain('Rose &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Hello, &lt;b&gt;Eve&lt;/b&gt;!');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
  });

  it('invites an answer only when the shop has a contact address, and names it', () => {
    const without = renderMail(order);
    const withAddress = renderMail(order, { replyTo: 'studio@atelier.test' });
    const line = LAYOUT_TEXTS.reply.en.replace('{email}', 'studio@atelier.test');
    expect(withAddress.text).toContain(line);
    expect(withAddress.html).toContain('href="mailto:studio@atelier.test"');
    for (const lang of ['ru', 'en', 'es'] as const) {
      const plain = renderMail({ ...order, lang });
      const before = LAYOUT_TEXTS.reply[lang].split('{email}')[0]!;
      expect(plain.text).not.toContain(before);
      expect(plain.html).not.toContain('mailto:');
    }
    expect(without.text).not.toMatch(/reply/i);
  });

  it('keeps its content, so the outbox can draw it again with the shop settings', () => {
    expect(renderMail(order).content).toEqual(order);
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
