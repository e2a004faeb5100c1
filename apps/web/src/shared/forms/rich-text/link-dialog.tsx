import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { linkAddress } from './markdown-doc';

/** The selection the dialog edits: its range, its text and the address of the link it is in. */
export interface LinkDraft {
  from: number;
  to: number;
  text: string;
  href: string;
}

export function LinkDialog({
  draft,
  onApply,
  onClose,
}: {
  draft: LinkDraft | null;
  /** `href` null removes the link. */
  onApply: (href: string | null, text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [text, setText] = useState('');
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);

  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    setHref(draft.href);
    setError(null);
    setTextError(null);
  }, [draft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in the page's form in React's tree: its submit must not save that form.
    event.stopPropagation();
    const address = linkAddress(href);
    const shown = text.trim();
    setError(address ? null : t('richText.linkInvalid'));
    setTextError(shown ? null : t('richText.linkTextRequired'));
    if (address && shown) onApply(address, shown === draft?.text.trim() ? (draft?.text ?? shown) : shown);
  };

  return (
    <Modal open={draft !== null} onOpenChange={(open) => !open && onClose()} title={t('richText.linkTitle')} size="sm">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
        <TextField
          id={`${base}-text`}
          label={t('richText.linkText')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={textError ?? undefined}
          maxLength={500}
        />
        <TextField
          id={`${base}-href`}
          label={t('richText.linkAddress')}
          hint={t('richText.linkAddressHint')}
          value={href}
          onChange={(event) => setHref(event.target.value)}
          error={error ?? undefined}
          inputMode="url"
          autoComplete="url"
          maxLength={2000}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {draft?.href ? (
            <button type="button" className="btn btn-ghost" onClick={() => onApply(null, draft.text)}>
              {t('richText.linkRemove')}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('richText.cancel')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('richText.linkApply')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
