import { safeHref } from '../../ui/markdown';

/*
 * The editor's document <-> the Markdown the shop stores, for exactly the subset the public pages
 * render (shared/ui/markdown.tsx): paragraphs with line breaks, `#`/`##`/`###` headings, `- ` and
 * `1. ` lists (one level), **bold**, *italic* and [links](https://…) to http(s)/mailto addresses.
 * It reads a text the way that renderer does, so what the editor shows is what the page shows, and
 * it writes the canonical form back: a text already in that form comes back unchanged, character
 * for character. The few spellings it rewrites (same rendering, other characters) are listed in
 * MARKDOWN_NORMALISATIONS. Text is written as typed, never escaped: the renderer has no escapes.
 */

/** The editor's JSON document (the shape of tiptap's `JSONContent`, limited to what is used here). */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  marks?: DocMark[];
  text?: string;
}
export interface DocMark {
  type: string;
  attrs?: Record<string, unknown>;
}

/** Spellings that render the same but are written back differently (documented in the decision). */
export const MARKDOWN_NORMALISATIONS = [
  '`_italic_` → `*italic*`',
  '`* item` → `- item`; `1) item`, `3. item` → numbered from 1 as `1. 2. 3.`',
  'blocks written without a blank line between them (a heading, a list and a paragraph) get one',
  'several blank lines, spaces at line ends and Windows line ends → one blank line, none, `\\n`',
] as const;

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const INLINE =
  /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)/g;

/** Inline Markdown → text nodes with their marks (bold, italic, link), as the renderer reads it. */
export function inlineToNodes(text: string, marks: DocMark[] = []): DocNode[] {
  const out: DocNode[] = [];
  const plain = (value: string) => {
    if (value === '') return;
    const previous = out.at(-1);
    // Unmarked runs next to each other (text around a refused link) are one node, as the editor keeps them.
    if (previous?.text !== undefined && sameMarks(previous.marks ?? [], marks)) previous.text += value;
    else out.push(marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value });
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    plain(text.slice(last, start));
    const [whole, bold, linkText, linkUrl, starItalic, underscoreItalic] = match;
    if (bold !== undefined) out.push(...inlineToNodes(bold, withMark(marks, { type: 'bold' })));
    else if (linkText !== undefined) {
      const href = safeHref(linkUrl ?? '');
      if (href) out.push(...inlineToNodes(linkText, withMark(marks, { type: 'link', attrs: { href } })));
      else plain(whole);
    } else out.push(...inlineToNodes(starItalic ?? underscoreItalic ?? '', withMark(marks, { type: 'italic' })));
    last = start + whole.length;
  }
  plain(text.slice(last));
  return mergeText(out);
}

function withMark(marks: DocMark[], mark: DocMark): DocMark[] {
  return marks.some((m) => m.type === mark.type) ? marks : [...marks, mark];
}

function markKey(mark: DocMark): string {
  return mark.type === 'link' ? `link:${String(mark.attrs?.href ?? '')}` : mark.type;
}

function sameMarks(a: DocMark[], b: DocMark[]): boolean {
  const keys = (marks: DocMark[]) => marks.map(markKey).sort().join(' ');
  return keys(a) === keys(b);
}

function mergeText(nodes: DocNode[]): DocNode[] {
  const out: DocNode[] = [];
  for (const node of nodes) {
    const previous = out.at(-1);
    if (previous?.text !== undefined && node.text !== undefined && sameMarks(previous.marks ?? [], node.marks ?? []))
      previous.text += node.text;
    else out.push({ ...node });
  }
  return out;
}

function paragraph(lines: string[]): DocNode {
  const content: DocNode[] = [];
  lines.forEach((line, index) => {
    if (index > 0) content.push({ type: 'hardBreak' });
    content.push(...inlineToNodes(line));
  });
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

/** Markdown → the editor's document. Block by block the same reading as the public renderer's. */
export function markdownToDoc(source: string): DocNode {
  const blocks: DocNode[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let lineGroup: string[] = [];
    let list: { ordered: boolean; items: string[] } | null = null;
    const flush = () => {
      if (lineGroup.length > 0) blocks.push(paragraph(lineGroup));
      if (list)
        blocks.push({
          type: list.ordered ? 'orderedList' : 'bulletList',
          ...(list.ordered ? { attrs: { start: 1 } } : {}),
          content: list.items.map((item) => ({ type: 'listItem', content: [paragraph([item])] })),
        });
      lineGroup = [];
      list = null;
    };
    for (const line of lines) {
      const heading = HEADING.exec(line.trim());
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      if (heading) {
        flush();
        const text = heading[2]!.trim();
        blocks.push({
          type: 'heading',
          attrs: { level: heading[1]!.length },
          ...(text ? { content: inlineToNodes(text) } : {}),
        });
      } else if (bullet || numbered) {
        const ordered = Boolean(numbered);
        if (lineGroup.length > 0 || (list && list.ordered !== ordered)) flush();
        list ??= { ordered, items: [] };
        list.items.push(((bullet ?? numbered) as RegExpExecArray)[1]!.trim());
      } else {
        if (list) flush();
        lineGroup.push(line.trim());
      }
    }
    flush();
  }
  return { type: 'doc', content: blocks.length > 0 ? blocks : [{ type: 'paragraph' }] };
}

/**
 * What the owner typed → an address the public pages will make a link of, or null. "example.com"
 * gets https://, "name@example.com" mailto:; anything else (javascript:, data:, ftp:) is refused.
 */
export function linkAddress(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return safeHref(value);
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return safeHref(`mailto:${value}`);
  if (/^[^\s/]+\.[a-z]{2,}([/?#]\S*)?$/i.test(value)) return safeHref(`https://${value}`);
  return null;
}

/* ---------- document → Markdown ---------- */

/** Link outermost, then bold, then italic: the order marks open in, and close in reverse. */
const MARK_ORDER = ['link', 'bold', 'italic'];

function delimiters(mark: DocMark): [string, string] {
  if (mark.type === 'bold') return ['**', '**'];
  if (mark.type === 'italic') return ['*', '*'];
  return ['[', `](${String(mark.attrs?.href ?? '')})`];
}

/** Only the marks the stored text can hold; a link whose address the renderer refuses is dropped. */
function keptMarks(node: DocNode): DocMark[] {
  return (node.marks ?? [])
    .filter((mark) => MARK_ORDER.includes(mark.type))
    .filter((mark) => mark.type !== 'link' || safeHref(String(mark.attrs?.href ?? '')) !== null)
    .map((mark) => (mark.type === 'link' ? { type: 'link', attrs: { href: String(mark.attrs?.href).trim() } } : mark))
    .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
}

/** Inline content (text and hard breaks) → lines of inline Markdown. */
function inlineToLines(content: DocNode[] = []): string[] {
  const lines: { text: string; marks: DocMark[] }[][] = [[]];
  for (const node of content) {
    if (node.type === 'hardBreak') lines.push([]);
    else if (node.text) lines.at(-1)!.push({ text: node.text, marks: keptMarks(node) });
  }
  return lines.map((line) => serializeRun(line).trim());
}

/**
 * Opens and closes the marks around each run of text. Spaces at the edges of a marked run go
 * outside it (`** a**` would not be bold when read back).
 */
function serializeRun(run: { text: string; marks: DocMark[] }[]): string {
  let out = '';
  const open: DocMark[] = [];
  const close = (keep: number) => {
    if (open.length <= keep) return;
    const trailing = /\s*$/.exec(out)![0];
    out = out.slice(0, out.length - trailing.length);
    while (open.length > keep) out += delimiters(open.pop()!)[1];
    out += trailing;
  };
  for (const piece of run) {
    let text = piece.text;
    const keys = piece.marks.map(markKey);
    let keep = 0;
    while (keep < open.length && keys.includes(markKey(open[keep]!))) keep++;
    if (text.trim() === '') {
      // Only spaces: they stay inside the marks already open and open no new ones.
      close(Math.min(keep, open.length));
      out += text;
      continue;
    }
    close(keep);
    const toOpen = piece.marks.filter((mark) => !open.some((o) => markKey(o) === markKey(mark)));
    if (toOpen.length > 0) {
      const leading = /^\s*/.exec(text)![0];
      out += leading;
      text = text.slice(leading.length);
    }
    for (const mark of toOpen) {
      open.push(mark);
      out += delimiters(mark)[0];
    }
    out += text;
  }
  close(0);
  return out;
}

function blockToMarkdown(node: DocNode): string[] {
  switch (node.type) {
    case 'heading': {
      const level = Math.min(3, Math.max(1, Number(node.attrs?.level ?? 2)));
      const text = inlineToLines(node.content).filter(Boolean).join(' ');
      return text ? [`${'#'.repeat(level)} ${text}`] : [];
    }
    case 'bulletList':
    case 'orderedList': {
      const items = listItems(node);
      if (items.length === 0) return [];
      const ordered = node.type === 'orderedList';
      return [items.map((item, index) => `${ordered ? `${index + 1}.` : '-'} ${item}`).join('\n')];
    }
    case 'paragraph': {
      const lines = inlineToLines(node.content).filter(Boolean);
      return lines.length > 0 ? [lines.join('\n')] : [];
    }
    default:
      // Anything else that reached the document (pasted) keeps its text as paragraphs.
      return (node.content ?? []).flatMap(blockToMarkdown);
  }
}

/** A list's items, one line each; a nested list's items join the list they sit in (one level). */
function listItems(list: DocNode): string[] {
  return (list.content ?? []).flatMap((item) => {
    const own: string[] = [];
    const nested: string[] = [];
    for (const child of item.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') nested.push(...listItems(child));
      else own.push(...inlineToLines(child.content).filter(Boolean));
    }
    const text = own.join(' ');
    return text ? [text, ...nested] : nested;
  });
}

/** The editor's document → the stored Markdown: blocks separated by one blank line. */
export function docToMarkdown(doc: DocNode): string {
  return (doc.content ?? []).flatMap(blockToMarkdown).join('\n\n');
}

/** What a text becomes after one trip through the editor. */
export function normaliseMarkdown(source: string): string {
  return docToMarkdown(markdownToDoc(source));
}
