import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Svg } from '../../ui/icons';
import { richTextExtensions } from './extensions';
import { LinkDialog, type LinkDraft } from './link-dialog';
import { type DocNode, docToMarkdown, markdownToDoc } from './markdown-doc';
import type { RichTextEditorProps } from './types';

/** Ctrl on Windows and Linux, ⌘ on a Mac: how the shortcuts are written in the buttons' tooltips. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  heading: boolean;
  subheading: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
}

/**
 * The rich-text editor (tiptap): what the owner sees is what the page shows, and what is saved is
 * the same Markdown as before (markdown-doc.ts). Loaded on its own, only where an admin form shows
 * it (rich-text-field.tsx), so no public page carries the editor's code.
 */
export default function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  handleRef,
  minHeightClass = 'min-h-40',
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;
  const [linkDraft, setLinkDraft] = useState<LinkDraft | null>(null);
  const openLinkRef = useRef<() => void>(() => {});

  // The editor's options keep their identity from one render to the next: tiptap compares them on
  // every render and, when one differs, hands them all to the view again, which then re-reads its
  // state in the middle of the owner's typing. Only a change of the field's own attributes (its
  // message appears or goes) gives new ones.
  const [initialContent] = useState(() => markdownToDoc(value));
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-invalid': invalid ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: `input ${minHeightClass} max-h-[70dvh] overflow-y-auto wrap-anywhere text-ink [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-3xl [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-2xl [&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:text-xl [&_p]:mb-3 [&_p]:leading-relaxed [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-rose-700 [&_a]:underline [&_>*:first-child]:mt-0`,
      },
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    }),
    [id, labelId, invalid, describedBy, minHeightClass],
  );

  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const markdown = docToMarkdown(current.getJSON() as DocNode);
      // Only a change of the text itself reaches the form (a trailing empty line does not).
      if (markdown === emitted.current) return;
      emitted.current = markdown;
      onChangeRef.current(markdown);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // A new value from outside (the form reset after saving): the document follows it. Compared in
  // the commit itself: an effect that runs later could see a value the owner has typed past (a
  // keystroke between the commit and the effect) and put the older text back.
  useLayoutEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(markdownToDoc(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    handleRef?.(editor ? { focus: () => editor.commands.focus() } : null);
    return () => handleRef?.(null);
  }, [editor, handleRef]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }): ToolbarState => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      heading: (current?.isActive('heading', { level: 1 }) || current?.isActive('heading', { level: 2 })) ?? false,
      subheading: current?.isActive('heading', { level: 3 }) ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  openLinkRef.current = () => {
    if (!editor) return;
    editor.chain().focus().extendMarkRange('link').run();
    const { from, to } = editor.state.selection;
    setLinkDraft({
      from,
      to,
      text: editor.state.doc.textBetween(from, to, ' '),
      href: String(editor.getAttributes('link').href ?? ''),
    });
  };

  const applyLink = (href: string | null, text: string) => {
    if (!editor || !linkDraft) return;
    const { from, to } = linkDraft;
    const chain = editor.chain().focus().setTextSelection({ from, to });
    if (href === null) chain.unsetLink().run();
    else if (text === linkDraft.text && from !== to) chain.setLink({ href }).run();
    else
      chain
        .insertContentAt({ from, to }, { type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run();
    setLinkDraft(null);
  };

  const buttons: {
    key: keyof ToolbarState;
    label: string;
    keys?: string;
    icon: ReactNode;
    run: (e: Editor) => void;
  }[] = [
    {
      key: 'bold',
      label: t('richText.bold'),
      keys: `${MOD}+B`,
      icon: <span className="font-sans text-base font-extrabold">B</span>,
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('richText.italic'),
      keys: `${MOD}+I`,
      icon: <span className="font-serif text-lg italic">I</span>,
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'heading',
      label: t('richText.heading'),
      keys: `${MOD}+Alt+2`,
      icon: <span className="font-serif text-lg font-bold">T</span>,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'subheading',
      label: t('richText.subheading'),
      keys: `${MOD}+Alt+3`,
      icon: <span className="font-serif text-sm font-bold">T</span>,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bulletList',
      label: t('richText.bulletList'),
      keys: `${MOD}+Shift+8`,
      icon: (
        <Svg>
          <path d="M9 6h11M9 12h11M9 18h11" />
          <circle cx="4.5" cy="6" r="1" fill="currentColor" />
          <circle cx="4.5" cy="12" r="1" fill="currentColor" />
          <circle cx="4.5" cy="18" r="1" fill="currentColor" />
        </Svg>
      ),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t('richText.orderedList'),
      keys: `${MOD}+Shift+7`,
      icon: (
        <Svg>
          <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 1 1 2.4 1.2L3.5 19h3" />
        </Svg>
      ),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: t('richText.link'),
      keys: `${MOD}+K`,
      icon: (
        <Svg>
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </Svg>
      ),
      run: () => openLinkRef.current(),
    },
  ];

  // One tab stop for the toolbar; the arrow keys, Home and End move between its buttons.
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -active,
      End: buttons.length - 1 - active,
    };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (active + step + buttons.length) % buttons.length;
    setActive(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className="min-w-0">
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={t('richText.toolbar')}
        aria-controls={id}
        onKeyDown={onToolbarKey}
        className="mb-2 flex flex-wrap gap-0.5 rounded-2xl border border-line bg-cream/60 p-1 sm:gap-1"
      >
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            tabIndex={index === active ? 0 : -1}
            aria-pressed={state?.[button.key] ?? false}
            aria-label={button.label}
            aria-keyshortcuts={button.keys?.replace('Ctrl', 'Control').replace('⌘', 'Meta')}
            title={button.keys ? `${button.label} (${button.keys})` : button.label}
            disabled={!editor}
            onFocus={() => setActive(index)}
            // A pointer press leaves the focus and the caret in the text: typing right after the
            // press goes on where it was (the editor's own focus call lands a frame later).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && button.run(editor)}
            className="inline-flex size-9 items-center justify-center rounded-xl text-ink-soft transition-colors hover:bg-blush-100 hover:text-rose-800 aria-pressed:bg-rose-600 aria-pressed:text-white"
          >
            {button.icon}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <LinkDialog draft={linkDraft} onApply={applyLink} onClose={() => setLinkDraft(null)} />
    </div>
  );
}
