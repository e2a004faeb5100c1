import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types';

export type { RichTextEditorProps, RichTextHandle } from './types';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text editor of the admin forms. Its code (tiptap, ProseMirror) is a chunk of its own,
 * fetched the first time a form shows it; until then an empty box of the same size holds its place.
 */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div aria-busy="true" className="min-w-0">
          <div className="mb-2 h-[2.875rem] rounded-2xl border border-line bg-cream/60" />
          <div className={`input ${props.minHeightClass ?? 'min-h-40'}`} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
