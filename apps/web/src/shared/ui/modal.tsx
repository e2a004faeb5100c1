import { lazy, Suspense } from 'react';
import type { ModalProps } from './modal-dialog';
import { useOpenedOnce } from './use-opened-once';

const load = () => import('./modal-dialog');
const ModalDialog = lazy(() => load().then((module) => ({ default: module.ModalDialog })));

/** Fetches the dialog code ahead of use (after the first paint), so the first open is instant. */
export function preloadModal(): void {
  void load();
}

/**
 * Accessible dialog (Radix): focus trap, Esc closes, focus returns to the trigger. Radix is not part
 * of the first paint: its code loads when a dialog first opens (or from `preloadModal`).
 */
export function Modal(props: ModalProps) {
  const used = useOpenedOnce(props.open);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
