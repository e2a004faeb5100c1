/**
 * PostgreSQL's text-search matching, evaluated in memory on what PostgreSQL computed: `@@` of a
 * tsquery (in its text form) against a tsvector (in its text form), and pg_trgm's
 * `word_similarity`. The catalogue index (shop.catalogue.ts) uses these to answer a search without
 * running the search query per request; the SQL in shop.repo.ts stays the reference, and the tests
 * compare both on the same data.
 *
 * Only what `websearch_to_tsquery` produces is supported (lexemes, `!`, `&`, `|`, phrases whose
 * right side is a lexeme or an OR of lexemes, prefix `:*`); anything else parses to null and the
 * caller falls back to SQL, so an answer is never silently different.
 */

/** lexeme → its positions (ascending). */
export type Tsvector = Map<string, number[]>;

export type Tsquery =
  | { op: 'lexeme'; value: string; prefix: boolean }
  | { op: 'not'; arg: Tsquery }
  | { op: 'and' | 'or'; left: Tsquery; right: Tsquery }
  | { op: 'phrase'; distance: number; left: Tsquery; right: Tsquery }
  /** The empty query (only stop words): matches nothing. */
  | { op: 'empty' };

/** Reads a quoted lexeme at `i` (`'it''s'`, backslash escapes); returns it and the index after it. */
function readQuoted(text: string, start: number): { value: string; end: number } | null {
  if (text[start] !== "'") return null;
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\') {
      if (i + 1 >= text.length) return null;
      value += text[i + 1];
      i += 2;
    } else if (ch === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i += 2;
      } else {
        return { value, end: i + 1 };
      }
    } else {
      value += ch;
      i += 1;
    }
  }
  return null;
}

/** `'rose':1,4A 'silk':2` → Map { rose → [1, 4], silk → [2] }; null when it cannot be read. */
export function parseTsvector(text: string): Tsvector | null {
  const vector: Tsvector = new Map();
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    const lexeme = readQuoted(text, i);
    if (!lexeme) return null;
    i = lexeme.end;
    const positions: number[] = [];
    if (text[i] === ':') {
      i += 1;
      const match = /^[0-9A-D,]+/.exec(text.slice(i));
      if (!match) return null;
      for (const part of match[0].split(',')) {
        const position = Number.parseInt(part, 10);
        if (!Number.isFinite(position)) return null;
        positions.push(position);
      }
      i += match[0].length;
    }
    vector.set(
      lexeme.value,
      positions.sort((a, b) => a - b),
    );
  }
  return vector;
}

/**
 * The text form of a tsquery (as `tsquery::text` prints it) → a tree, or null for what this module
 * does not evaluate (weights, unknown syntax). Priorities as PostgreSQL's: `!` > `<->` > `&` > `|`.
 */
export function parseTsquery(text: string): Tsquery | null {
  if (text.trim() === '') return { op: 'empty' };
  let i = 0;
  const skip = () => {
    while (text[i] === ' ') i += 1;
  };

  function primary(): Tsquery | null {
    skip();
    if (text[i] === '!') {
      i += 1;
      const arg = primary();
      return arg && { op: 'not', arg };
    }
    if (text[i] === '(') {
      i += 1;
      const inner = or();
      skip();
      if (!inner || text[i] !== ')') return null;
      i += 1;
      return inner;
    }
    const quoted = readQuoted(text, i);
    if (!quoted) return null;
    i = quoted.end;
    let prefix = false;
    if (text[i] === ':') {
      const flags = /^:([*A-D]+)/.exec(text.slice(i));
      if (!flags?.[1] || /[A-D]/.test(flags[1])) return null; // weights: not supported here
      prefix = flags[1].includes('*');
      i += flags[0].length;
    }
    return { op: 'lexeme', value: quoted.value, prefix };
  }

  function phrase(): Tsquery | null {
    let left = primary();
    while (left) {
      skip();
      const match = /^<(-|\d+)>/.exec(text.slice(i));
      if (!match?.[1]) return left;
      i += match[0].length;
      const right = primary();
      if (!right) return null;
      left = { op: 'phrase', distance: match[1] === '-' ? 1 : Number.parseInt(match[1], 10), left, right };
    }
    return null;
  }

  function and(): Tsquery | null {
    let left = phrase();
    while (left) {
      skip();
      if (text[i] !== '&') return left;
      i += 1;
      const right = phrase();
      if (!right) return null;
      left = { op: 'and', left, right };
    }
    return null;
  }

  function or(): Tsquery | null {
    let left = and();
    while (left) {
      skip();
      if (text[i] !== '|') return left;
      i += 1;
      const right = and();
      if (!right) return null;
      left = { op: 'or', left, right };
    }
    return null;
  }

  const tree = or();
  skip();
  return tree && i === text.length && supported(tree) ? tree : null;
}

/** Phrases evaluated here: the right side a lexeme or an OR of lexemes, the left side no AND/NOT. */
function supported(query: Tsquery): boolean {
  switch (query.op) {
    case 'empty':
    case 'lexeme':
      return true;
    case 'not':
      return supported(query.arg);
    case 'and':
    case 'or':
      return supported(query.left) && supported(query.right);
    case 'phrase':
      return positional(query.left) && singleWord(query.right);
  }
}

function singleWord(query: Tsquery): boolean {
  return query.op === 'lexeme' || (query.op === 'or' && singleWord(query.left) && singleWord(query.right));
}

function positional(query: Tsquery): boolean {
  if (query.op === 'phrase') return positional(query.left) && singleWord(query.right);
  return singleWord(query);
}

function lexemePositions(vector: Tsvector, lexeme: { value: string; prefix: boolean }): number[] {
  if (!lexeme.prefix) return vector.get(lexeme.value) ?? [];
  const found: number[] = [];
  for (const [key, positions] of vector) if (key.startsWith(lexeme.value)) found.push(...positions);
  return found.sort((a, b) => a - b);
}

/** Where a phrase operand matches (for a phrase: the positions of its last word). */
function positionsOf(vector: Tsvector, query: Tsquery): number[] {
  switch (query.op) {
    case 'lexeme':
      return lexemePositions(vector, query);
    case 'or':
      return [...new Set([...positionsOf(vector, query.left), ...positionsOf(vector, query.right)])].sort(
        (a, b) => a - b,
      );
    case 'phrase': {
      const left = new Set(positionsOf(vector, query.left));
      return positionsOf(vector, query.right).filter((p) => left.has(p - query.distance));
    }
    default:
      return [];
  }
}

/** `vector @@ query`, for a query `parseTsquery` accepted. */
export function matches(vector: Tsvector, query: Tsquery): boolean {
  switch (query.op) {
    case 'empty':
      return false;
    case 'lexeme':
      if (!query.prefix) return vector.has(query.value);
      for (const key of vector.keys()) if (key.startsWith(query.value)) return true;
      return false;
    case 'not':
      return !matches(vector, query.arg);
    case 'and':
      return matches(vector, query.left) && matches(vector, query.right);
    case 'or':
      return matches(vector, query.left) || matches(vector, query.right);
    case 'phrase':
      return positionsOf(vector, query).length > 0;
  }
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * pg_trgm's trigrams of a text, in order and with repeats: each word (letters and digits),
 * lower-cased, padded with two spaces before and one after.
 */
export function trigrams(text: string): string[] {
  const out: string[] = [];
  let word: string[] = [];
  const flush = () => {
    if (word.length === 0) return;
    const chars = [' ', ' ', ...[...word.join('').toLowerCase()], ' '];
    for (let k = 0; k + 2 < chars.length; k += 1) out.push(`${chars[k]}${chars[k + 1]}${chars[k + 2]}`);
    word = [];
  };
  for (const ch of text) {
    if (WORD_CHAR.test(ch)) word.push(ch);
    else flush();
  }
  flush();
  return out;
}

/**
 * pg_trgm's `word_similarity(needle, haystack)`: the greatest similarity between the needle's
 * trigram set and a stretch of the haystack's trigrams (count / (needle + stretch − count), in
 * single precision as PostgreSQL computes it).
 */
export function wordSimilarity(needle: string[], haystack: string[]): number {
  const ids = new Map<string, number>();
  const idOf = (trigram: string) => {
    let id = ids.get(trigram);
    if (id === undefined) {
      id = ids.size;
      ids.set(trigram, id);
    }
    return id;
  };
  const found: boolean[] = [];
  for (const trigram of needle) found[idOf(trigram)] = true;
  const needleUnique = ids.size;
  const index = haystack.map(idOf);
  const lastPosition = new Array<number>(ids.size).fill(-1);
  const similarity = (count: number, stretch: number) => Math.fround(count / (needleUnique + stretch - count));

  let stretchUnique = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < index.length; i += 1) {
    const id = index[i] as number;
    const isFound = found[id] === true;
    if (lower >= 0 || isFound) {
      if ((lastPosition[id] as number) < 0) {
        stretchUnique += 1;
        if (isFound) count += 1;
      }
      lastPosition[id] = i;
    }
    if (!isFound) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      stretchUnique = 1;
    }
    let current = similarity(count, stretchUnique);
    // Moving the stretch's start right may raise the similarity.
    let tryCount = count;
    let tryUnique = stretchUnique;
    const previousLower = lower;
    for (let tryLower = lower; tryLower <= upper; tryLower += 1) {
      const candidate = similarity(tryCount, tryUnique);
      if (candidate > current) {
        current = candidate;
        stretchUnique = tryUnique;
        lower = tryLower;
        count = tryCount;
      }
      const tryId = index[tryLower] as number;
      if (lastPosition[tryId] === tryLower) {
        tryUnique -= 1;
        if (found[tryId] === true) tryCount -= 1;
      }
    }
    best = Math.max(best, current);
    for (let k = previousLower; k < lower; k += 1) {
      const dropped = index[k] as number;
      if (lastPosition[dropped] === k) lastPosition[dropped] = -1;
    }
  }
  return best;
}

/**
 * What separates the words of a name for the one-edit typo rule. The SQL (`oneEditMatch` in
 * shop.repo.ts) passes the same characters to `translate`, so both sides cut names alike.
 */
export const WORD_BREAKS = ` \t\n\r\f\v!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~«»“”„‘’–—…№`;
const BREAK_SET = new Set(WORD_BREAKS);

/** A search text of this many letters or more may have one wrong, missing or extra letter. */
export const ONE_EDIT_MIN_LENGTH = 4;
/** Words of a name shorter than this are not typo targets (a 4-letter text is one edit from 3). */
export const ONE_EDIT_MIN_NAME_WORD = ONE_EDIT_MIN_LENGTH - 1;

/** The word itself and every form with one letter left out: "пион" → пион, ион, пон, пин, пио. */
export function oneEditVariants(word: string): string[] {
  const letters = [...word];
  const variants = new Set([word]);
  for (let i = 0; i < letters.length; i++) variants.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  return [...variants];
}

/** The words of a (lower-cased) name, cut at WORD_BREAKS. */
export function nameWords(text: string): string[] {
  let spaced = '';
  for (const ch of text) spaced += BREAK_SET.has(ch) ? ' ' : ch;
  return spaced.split(' ').filter((word) => word !== '');
}

/**
 * The variants of a one-word search text of ONE_EDIT_MIN_LENGTH letters or more (lower-cased), or
 * null when the rule does not apply (shorter, or several words).
 */
export function oneEditQuery(lower: string): string[] | null {
  const word = lower.trim();
  if ([...word].length < ONE_EDIT_MIN_LENGTH || [...word].some((ch) => BREAK_SET.has(ch))) return null;
  return oneEditVariants(word);
}

/**
 * Every variant of the name's words and of its stems (the `name_search` lexemes: "пионы" is also
 * "пион") long enough to be a typo target. Two words one edit apart (a letter changed, left out or
 * added, or two neighbours swapped) share a variant: "пеон" and "пион" share "пон" (so do a few
 * pairs where one letter moved further).
 */
export function nameVariants(nameText: string, lexemes: Iterable<string>): Set<string> {
  const variants = new Set<string>();
  for (const word of [...nameWords(nameText), ...lexemes]) {
    if ([...word].length < ONE_EDIT_MIN_NAME_WORD) continue;
    for (const variant of oneEditVariants(word)) variants.add(variant);
  }
  return variants;
}
