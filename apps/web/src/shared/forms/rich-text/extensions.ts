import StarterKit from '@tiptap/starter-kit';
import { safeHref } from '../../ui/markdown';

/**
 * The editor's schema: only what the stored Markdown can hold (paragraphs, line breaks, headings of
 * three levels, bulleted and numbered lists, bold, italic, links). Everything else StarterKit
 * brings is off, so pasted quotes, code, strike-through or rules never enter the document.
 */
export const richTextExtensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      protocols: ['mailto'],
      defaultProtocol: 'https',
      isAllowedUri: (url) => safeHref(url) !== null,
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
];
