import { isLegalKind, type LegalKind, type PageId } from '@atelier/shared';
import { useMatches } from 'react-router';
import { legalDocumentQueryOptions } from '../../../shared/legal/legal-api';
import { load, type RouteLoader } from '../../../shared/ssr/page-loader';
import { exactVersion, LegalKindPage, LegalPage, LegalVersionPage } from './legal-page';

/** The documents with a short address of their own: the page id is the document's kind. */
const SHORT: Partial<Record<PageId, LegalKind>> = { privacy: 'privacy', terms: 'terms', agreement: 'agreement' };

/** `/privacy`, `/terms`, `/agreement`, `/legal/:kind` and `/legal/:kind/:language/:version`. */
export function Component() {
  const page = useMatches().at(-1)?.id as PageId | undefined;
  const short = page && SHORT[page];
  if (short) return <LegalPage doc={short} />;
  return page === 'legalVersion' ? <LegalVersionPage /> : <LegalKindPage />;
}

/** The version in force in the page's language, or the exact version the address names. */
export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ page, client, lang, params }) => {
      const shown = SHORT[page] ?? params.kind;
      if (!isLegalKind(shown)) return [];
      if (params.version === undefined) return [load(client, legalDocumentQueryOptions(shown, lang))];
      const exact = exactVersion(params);
      return exact ? [load(client, legalDocumentQueryOptions(shown, exact.language, exact.version))] : [];
    }
  : undefined;
