import type { LegalKind } from '@atelier/shared';

/**
 * The documents the shop started with, as they were written: a title, the version line, an
 * introduction and numbered sections of paragraphs. They are version 1 of every document
 * (seed.ts turns each into the Markdown the admin edits from then on).
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalText {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export type LegalTexts = Record<LegalKind, LegalText>;
