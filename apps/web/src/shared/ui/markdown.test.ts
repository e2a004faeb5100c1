import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, parseMarkdown, safeHref } from './markdown';

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown subset of the about text (stored content is never HTML)', () => {
  it.each([
    ['a script tag is shown as text', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['an img onerror is shown as text', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['a javascript: link stays plain text', '[click](javascript:alert(1))', '[click](javascript:alert(1))'],
    ['a data: link stays plain text', '[x](data:text/html,hi)', '[x](data:text/html,hi)'],
    ['an https link becomes a safe link', '[site](https://example.com/a)', 'href="https://example.com/a"'],
    ['bold', 'I make **silk** roses', '<strong>silk</strong>'],
    ['italic', 'with *love*', '<em>love</em>'],
    ['a heading is an h3 (the section title is the h2)', '## My story', '<h3'],
    ['a list', '- roses\n- peonies', '<ul'],
    ['a numbered list', '1. cut\n2. dye', '<ol'],
  ])('%s', (_rule, text, expected) => {
    expect(html(text)).toContain(expected);
  });

  it('on a page titled by the h1 (a legal document) headings start at h2, ### one below', () => {
    const out = renderToStaticMarkup(
      createElement(Markdown, { text: '## 1. Terms\n\n### 1.1 Scope', headingLevel: 2 }),
    );
    expect(out).toMatch(/<h2[^>]*>1\. Terms<\/h2>/);
    expect(out).toMatch(/<h3[^>]*>1\.1 Scope<\/h3>/);
  });

  it('never lets a raw tag through anywhere', () => {
    const out = html('**<b>x</b>** [<i>y</i>](https://e.com) # <h1>t</h1>');
    expect(out).not.toMatch(/<(b|i|h1)>/);
  });

  it('splits paragraphs on blank lines and keeps single line breaks', () => {
    expect(parseMarkdown('a\nb\n\nc')).toEqual([
      { kind: 'paragraph', lines: ['a', 'b'] },
      { kind: 'paragraph', lines: ['c'] },
    ]);
  });

  it.each([
    ['https://a.b', 'https://a.b'],
    ['mailto:x@y.z', 'mailto:x@y.z'],
    ['javascript:alert(1)', null],
    ['//evil.com', null],
    ['/relative', null],
  ])('safeHref(%s) → %s', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});
