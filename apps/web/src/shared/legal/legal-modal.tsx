import { type LegalKind, legalDocumentPath } from '@atelier/shared/legal.constants';
import { Link } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { ErrorState } from '../ui/states';
import { useLegalDocument } from './legal-api';
import { LegalDocument } from './legal-document';

/** The footer, the cookie banner and the consent boxes open the legal texts in a dialog. */
export function LegalModal({ doc, onClose }: { doc: LegalKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: document, isError, refetch } = useLegalDocument(doc, language);
  return (
    <Modal
      open={doc !== null}
      onOpenChange={(open) => !open && onClose()}
      title={document?.title ?? t(`labels.legalKind.${doc ?? 'terms'}`)}
      size="lg"
    >
      {document ? (
        <>
          <LegalDocument document={document} headingLevel={3} />
          <p className="mt-8 text-sm">
            <Link to={legalDocumentPath(document.kind)} className="link" onClick={onClose}>
              {t('legal.openPage')}
            </Link>
          </p>
        </>
      ) : isError ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
