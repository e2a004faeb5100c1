import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Puts the caret at the end of the text (as a tap after the last word would). Ctrl+End is not an
 * editing key on a phone, where Chromium edits the Android way. The editor learns of a caret placed
 * this way from the page's `selectionchange` event, which a busy browser may deliver after the next
 * key press; so this waits until the editor's own state (tiptap keeps it on its element) has the
 * caret at the end, placing it again while it has not.
 */
export async function caretToEnd(editor: Locator): Promise<void> {
  await editor.click();
  await expect
    .poll(() =>
      editor.evaluate((element) => {
        const state = (element as HTMLElement & { editor?: { state: EditorState } }).editor?.state;
        if (!state) return false;
        const { selection, doc } = state;
        // The end of the last text block, however deep it sits (a list's last item, say).
        let node: DocNode = doc;
        let end = doc.content.size;
        while (node.lastChild && !node.lastChild.isLeaf) {
          node = node.lastChild;
          end -= 1;
          if (node.isTextblock) break;
        }
        if (selection.empty && selection.head === end) return true;
        const dom = window.getSelection();
        dom?.selectAllChildren(element);
        dom?.collapseToEnd();
        return false;
      }),
    )
    .toBe(true);
}

/** The part of the editor's state the caret check reads. */
interface EditorState {
  selection: { empty: boolean; head: number };
  doc: DocNode & { content: { size: number } };
}

interface DocNode {
  lastChild: DocNode | null;
  isLeaf: boolean;
  isTextblock: boolean;
}
