/** What a form gets to move the focus into the editor (react-hook-form's `setFocus`). */
export interface RichTextHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  /** The id of the editable area (targets of `aria-controls`, of the error's and hint's ids). */
  id: string;
  /** The id of the element naming the field (its visible label). */
  labelId: string;
  /** The stored Markdown. */
  value: string;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  handleRef?: (handle: RichTextHandle | null) => void;
  /** The editable area's minimum height (a Tailwind class), e.g. `min-h-56`. */
  minHeightClass?: string;
}
