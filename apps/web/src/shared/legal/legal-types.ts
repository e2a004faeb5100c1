export const LEGAL_DOCS = ['terms', 'privacy', 'agreement'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

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

export type LegalTexts = Record<LegalDoc, LegalText>;
