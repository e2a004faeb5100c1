import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { LegalDocument } from './legal-document';
import type { LegalDoc } from './legal-types';
import { useLegalText } from './load-legal';

/** Footer, cookie banner and registration open the legal texts in a dialog. */
export function LegalModal({ doc, onClose }: { doc: LegalDoc | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { text } = useLegalText(doc, language);
  return (
    <Modal
      open={doc !== null}
      onOpenChange={(open) => !open && onClose()}
      title={text?.title ?? t(`legal.${doc ?? 'terms'}`)}
      size="lg"
    >
      {text ? (
        <>
          <LegalDocument text={text} headingLevel={3} />
          <p className="mt-8 text-sm">
            <Link to={`/${doc}`} className="link" onClick={onClose}>
              {t('legal.openPage')}
            </Link>
          </p>
        </>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
