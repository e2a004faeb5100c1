import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useReturnFocus } from './modal-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, already translated ("Delete this review?"). */
  title: ReactNode;
  /** What happens, already translated ("It disappears from the site. This cannot be undone."). */
  description?: ReactNode;
  /** Text of the confirming button; defaults to "Delete". */
  confirmLabel?: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /** 'danger' (default) paints the confirming button red. */
  tone?: 'danger' | 'default';
  /** While the action runs: both buttons disabled, the confirm button says "Sending…". */
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * A question before a destructive action, as an alert dialog: focus trapped, Escape cancels, focus
 * starts on Cancel (a stray Enter never deletes) and returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px]" />
        <Dialog.Content
          role="alertdialog"
          className="animate-rise-in fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-ivory p-6 shadow-2xl focus:outline-none sm:p-7"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-3 text-ink-soft">{description}</Dialog.Description> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button ref={cancelRef} type="button" className="btn btn-outline min-h-11" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={`btn min-h-11 ${tone === 'danger' ? 'bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}`}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending ? t('common.sending') : (confirmLabel ?? t('admin.ui.confirm.delete'))}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export type ConfirmRequest = Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm' | 'pending'> & {
  /** The action; the dialog stays open (pending) until it settles, and closes when it succeeds. */
  action: () => Promise<unknown>;
};

/**
 * One confirm dialog for a whole page: `const { ask, dialog } = useConfirm();` render `{dialog}`
 * once, then `ask({ title, description, action: () => remove.mutateAsync(id) })` from any row. A
 * failing action keeps the dialog open (its error is the caller's toast).
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const ask = useCallback((next: ConfirmRequest) => {
    setRequest(next);
    setOpen(true);
  }, []);

  const dialog = request ? (
    <ConfirmDialog
      {...request}
      open={open}
      pending={pending}
      onOpenChange={setOpen}
      onConfirm={() => {
        setPending(true);
        request
          .action()
          .then(() => setOpen(false))
          .catch(() => undefined)
          .finally(() => setPending(false));
      }}
    />
  ) : null;

  return { ask, dialog };
}
