import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { CloseIcon } from './icons';

/**
 * Radix gives focus back to its own `Dialog.Trigger` only. Our dialogs are opened by plain buttons
 * (a card, a link-like button, the lazily loaded menu), so remember what had focus when the dialog
 * opened and give it back on close. Spread the result on `Dialog.Content`.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

const SIZES = {
  sm: 'max-w-md',
  md: 'max-w-xl',
  lg: 'max-w-3xl',
  xl: 'max-w-5xl',
} as const;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Screen-reader description; shown under the title when `showDescription` is set. */
  description?: ReactNode;
  showDescription?: boolean;
  size?: keyof typeof SIZES;
  children: ReactNode;
}

/** Accessible dialog (Radix): focus trap, Esc closes, focus returns to the trigger. Use `Modal`. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription,
  size = 'md',
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px]" />
        <Dialog.Content
          className={`animate-rise-in fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] ${SIZES[size]} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-3xl bg-ivory shadow-2xl focus:outline-none`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 pt-5 pb-4 sm:px-7">
            <div className="min-w-0">
              <Dialog.Title className="font-serif text-2xl font-semibold text-ink wrap-anywhere sm:text-3xl">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className={showDescription ? 'mt-1 text-sm text-muted' : 'sr-only'}>
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-blush-100 hover:text-rose-800"
              aria-label={t('common.close')}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="min-w-0 overflow-y-auto px-5 py-5 sm:px-7 sm:py-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
