/**
 * Writing the feeds' XML: every text and attribute value goes through `xmlText`, which escapes the
 * five markup characters and drops what XML 1.0 cannot hold at all (control characters other than
 * tab and line breaks, lone surrogates, U+FFFE/U+FFFF): an entity cannot write them either, and one
 * of them in a product's description would make the whole feed unreadable.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

export function xmlText(value: string): string {
  let out = '';
  // By code point: a surrogate pair is one character, a lone surrogate is dropped.
  for (const char of value) {
    if (xmlChar(char.codePointAt(0) ?? 0)) out += ENTITIES[char] ?? char;
  }
  return out;
}

/** `<name attr="…">text</name>`, the text and the attribute values escaped. */
export function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('');
  return `<${name}${attrs}>${xmlText(text)}</${name}>`;
}

/** `<name attr="…"/>`, the attribute values escaped. */
export function emptyElement(name: string, attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('');
  return `<${name}${attrs}/>`;
}

/** At most `max` characters (code points), the cut marked with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
