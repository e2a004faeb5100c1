/**
 * Version 1 of every legal document, in every language: the texts the shop started with
 * (seed/legal-{ru,en,es}.ts), written as the Markdown the admin edits from then on — the version
 * introduction as a paragraph, each numbered section a `##` heading with its paragraphs. The date
 * the texts carry is not written into them: it is version 1's publication date, which every page
 * prints once above the text ("Version 1 of 1 September 2025").
 */
import { LANGUAGES, type Language, LEGAL_KINDS, type LegalKind } from '@atelier/shared';
import { LEGAL_EN } from './seed/legal-en';
import { LEGAL_ES } from './seed/legal-es';
import { LEGAL_RU } from './seed/legal-ru';
import type { LegalText, LegalTexts } from './seed/legal-types';

const SEED_TEXTS: Record<Language, LegalTexts> = { ru: LEGAL_RU, en: LEGAL_EN, es: LEGAL_ES };

export function toMarkdown(text: LegalText): string {
  const blocks = [text.intro];
  for (const section of text.sections) blocks.push(`## ${section.heading}`, ...section.paragraphs);
  return blocks.join('\n\n');
}

/** The date the first texts carry ("Version of 1 September 2025"): version 1's publication date. */
export const SEED_PUBLISHED_AT = new Date('2025-09-01T00:00:00.000Z');

export interface SeedDocument {
  kind: LegalKind;
  language: Language;
  title: string;
  body: string;
  publishedAt: Date;
}

/** Every kind in every language, as version 1 holds it. */
export function seedDocuments(): SeedDocument[] {
  return LEGAL_KINDS.flatMap((kind) =>
    LANGUAGES.map((language) => {
      const text = SEED_TEXTS[language][kind];
      return { kind, language, title: text.title, body: toMarkdown(text), publishedAt: SEED_PUBLISHED_AT };
    }),
  );
}
