import { getSchema } from '@tiptap/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../ui/markdown';
import { richTextExtensions } from './extensions';
import { docToMarkdown, linkAddress, markdownToDoc, normaliseMarkdown } from './markdown-doc';

const schema = getSchema(richTextExtensions);
const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

/** Markdown → the editor's document (checked against the editor's schema) → Markdown. */
function roundTrip(markdown: string): string {
  const node = schema.nodeFromJSON(markdownToDoc(markdown));
  node.check();
  return docToMarkdown(node.toJSON());
}

const ABOUT_RU = [
  'Меня зовут Анна, и уже больше десяти лет я делаю цветы из натурального шёлка. Всё началось с маленькой броши для мамы — я вырезала лепестки маникюрными ножницами.',
  'Каждый цветок я делаю вручную от начала до конца: окрашиваю ткань, вырезаю и формую каждый лепесток горячими инструментами, собираю бутон на проволоке.',
].join('\n\n');

const LEGAL_EN = [
  'This offer is an invitation from the Atelier studio (the Seller) to enter into a contract of sale.',
  '## 1. Subject of the contract',
  'The Seller hands over the goods shown in the catalogue: handmade silk flowers and bouquets, accessories, tools.',
  '## 2. Prices and payment',
  'All payments are made in Russian roubles (e-mail: hello@example.com, 5 * 3 = 15).',
].join('\n\n');

describe('the rich-text editor stores the same Markdown it was given', () => {
  it.each([
    ['one paragraph', 'Просто текст.'],
    ['paragraphs', 'First paragraph.\n\nSecond paragraph.'],
    ['line breaks inside a paragraph', 'Line one\nLine two\nLine three'],
    ['headings of three levels', '# Title\n\n## Section\n\n### Subsection'],
    ['bold', 'I make **silk** roses'],
    ['italic', 'with *love* and care'],
    ['bold and italic nested', '**bold with *italic* inside** and *italic with **bold** inside*'],
    ['a link', 'Write to [me](mailto:anna@example.com) or see [the site](https://example.com/a?b=1)'],
    ['a bold link', '[**Shop**](https://example.com/shop)'],
    ['bold text inside a link', '[the **best** shop](https://example.com)'],
    ['a bulleted list', '- roses\n- peonies\n- **eucalyptus**'],
    ['a numbered list', '1. cut\n2. dye\n3. shape'],
    ['a list after a paragraph', 'You will need:\n\n- silk\n- wire'],
    [
      'Cyrillic with formatting',
      '## О мастерской\n\nЦветы из **натурального шёлка** и *ручная* работа.\n\n- броши\n- букеты',
    ],
    ['Spanish accents', 'Flores de **seda** — ¡hechas a mano!'],
    ['a refused link stays plain text', '[click](javascript:alert(1)) and [x](data:text/html,hi)'],
    ['stars and underscores that are not markup', '5 * 3 = 15, file_name_here, a*b'],
    ['HTML is kept as text', '<b>not bold</b> <script>alert(1)</script>'],
    ['the seeded about text', ABOUT_RU],
    ['a seeded legal document', LEGAL_EN],
    ['an empty text', ''],
  ])('%s', (_case, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each([
    ['underscore italic', 'with _love_', 'with *love*'],
    ['star bullets', '* roses\n* peonies', '- roses\n- peonies'],
    ['numbering', '3. cut\n7) dye', '1. cut\n2. dye'],
    ['a heading with its paragraph on the next line', '## Title\nText', '## Title\n\nText'],
    ['a list right under a paragraph', 'You need:\n- silk', 'You need:\n\n- silk'],
    ['Windows line ends and extra blank lines', 'a\r\nb\r\n\r\n\r\n\r\nc\n', 'a\nb\n\nc'],
    ['spaces at line ends', 'a  \n  b', 'a\nb'],
  ])('normalises %s (and renders the same)', (_case, markdown, expected) => {
    expect(roundTrip(markdown)).toBe(expected);
    expect(html(expected)).toBe(html(markdown));
  });

  it('writes what the renderer reads back: spaces at the edges of bold go outside it', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: ' bold ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'word' },
          ],
        },
      ],
    };
    expect(docToMarkdown(doc)).toBe('a **bold** word');
    expect(normaliseMarkdown('a **bold** word')).toBe('a **bold** word');
  });

  it('drops a link the renderer would refuse and flattens nested lists to one level', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'evil', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'one' }] },
                {
                  type: 'bulletList',
                  content: [
                    { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(docToMarkdown(doc)).toBe('evil\n\n- one\n- two');
  });
});

describe('the link dialog’s address', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://example.com ', 'http://example.com'],
    ['mailto:anna@example.com', 'mailto:anna@example.com'],
    ['example.com/shop', 'https://example.com/shop'],
    ['anna@example.com', 'mailto:anna@example.com'],
  ])('%s → %s', (typed, href) => {
    expect(linkAddress(typed)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,hi',
    'ftp://example.com',
    'vbscript:x',
    'just words',
    '',
  ])('refuses %j', (typed) => {
    expect(linkAddress(typed)).toBeNull();
  });
});
