/** What the demo's content files share: a text in the three languages and the artwork of a row. */
import type { LocalizedText } from '@atelier/shared';
import type { ArtKind, PaletteName } from './art';

export const t = (ru: string, en: string, es: string): LocalizedText => ({ ru, en, es });

export interface ArtSpec {
  kind: ArtKind;
  palette: PaletteName;
}
