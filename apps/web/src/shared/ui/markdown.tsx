import type { ReactNode } from 'react';

/*
 * The artisan's texts (the about section) are written in a small Markdown subset and turned into
 * React elements here — never into an HTML string — so whatever is stored is shown as text:
 * stored markup cannot run. Supported: paragraphs (blank line), line breaks, `#`/`##`/`###`
 * headings, `- ` / `* ` and `1. ` lists, **bold**, *italic* / _italic_, and [links](https://…)
 * to http(s) and mailto addresses only (anything else stays plain text).
 */

export type MarkdownBlock =
  | { kind: 'heading'; level: 3 | 4; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const chunks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    let list: { ordered: boolean; items: string[] } | null = null;
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list) blocks.push({ kind: 'list', ...list });
      paragraph = [];
      list = null;
    };
    for (const line of lines) {
      const heading = HEADING.exec(line.trim());
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: 'heading', level: heading[1]!.length === 3 ? 4 : 3, text: heading[2]!.trim() });
      } else if (bullet || numbered) {
        const ordered = Boolean(numbered);
        if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
        list ??= { ordered, items: [] };
        list.items.push(((bullet ?? numbered) as RegExpExecArray)[1]!.trim());
      } else {
        if (list) flush();
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

/** Only these link targets become links. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:)[^\s<>"']+$/i.test(trimmed) ? trimmed : null;
}

const INLINE =
  /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)/g;

export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    const key = `${keyPrefix}-${index++}`;
    const [whole, bold, linkText, linkUrl, starItalic, underscoreItalic] = match;
    if (bold !== undefined) out.push(<strong key={key}>{renderInline(bold, key)}</strong>);
    else if (linkText !== undefined) {
      const href = safeHref(linkUrl ?? '');
      out.push(
        href ? (
          <a key={key} href={href} className="link" target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(linkText, key)}
          </a>
        ) : (
          whole
        ),
      );
    } else out.push(<em key={key}>{renderInline(starItalic ?? underscoreItalic ?? '', key)}</em>);
    last = start + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * `headingLevel`: the element of the text's top headings (`#`, `##`; `###` is one below), so the
 * text's outline follows the page it sits in — h3 in a section titled by an h2 (the about text),
 * h2 on a page titled by the h1 (a legal document).
 */
export function Markdown({
  text,
  className = 'prose-soft',
  headingLevel = 3,
}: {
  text: string;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const blocks = parseMarkdown(text);
  const top = headingLevel === 2 ? 'h2' : 'h3';
  const sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className={`${className} wrap-anywhere`}>
      {blocks.map((block, blockIndex) => {
        const key = `b${blockIndex}`;
        if (block.kind === 'heading') {
          const Tag = block.level === 3 ? top : sub;
          return (
            <Tag key={key} className={block.level === 3 ? 'mt-6 mb-3 text-2xl' : 'mt-5 mb-2 text-xl'}>
              {renderInline(block.text, key)}
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag
              key={key}
              className={`mb-4 grid grid-cols-1 gap-1 pl-6 text-ink-soft ${block.ordered ? 'list-decimal' : 'list-disc'}`}
            >
              {block.items.map((item, itemIndex) => (
                // Items are the text's own order and never move between renders.
                // biome-ignore lint/suspicious/noArrayIndexKey: static text split
                <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
              ))}
            </Tag>
          );
        }
        return (
          <p key={key}>
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text split
              <span key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                {renderInline(line, `${key}-${lineIndex}`)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
