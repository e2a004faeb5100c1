import type { LegalDocument as Document } from '@atelier/shared';
import { formatDate } from '../format/date';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { Markdown } from '../ui/markdown';

/**
 * One legal document: which version it is and when it was published, then its Markdown text.
 * `headingLevel` is the level of the text's sections, under the surrounding page's title.
 */
export function LegalDocument({ document, headingLevel = 2 }: { document: Document; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article className="text-ink-soft">
      <p className="text-sm text-muted">
        {t('legal.versionLine', { version: document.version, date: formatDate(document.publishedAt, language) })}
      </p>
      <Markdown text={document.body} headingLevel={headingLevel} className="prose-soft mt-4 leading-relaxed" />
    </article>
  );
}
