import { useId } from 'react';

const PICK_BUTTON =
  'btn btn-outline min-h-11 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50';

export interface FilePickerProps {
  /** What the button says ("Choose a file", "Import .vtt"); also the input's name unless `labelledBy` is given. */
  label: string;
  /** Called with the picked file (the first one); picking the same file again calls it again. */
  onFile: (file: File) => void;
  /** `accept` of the input, e.g. ".vtt,text/vtt" or "video/mp4,video/webm". */
  accept?: string;
  /** id of the (visually hidden) file input, for a `<label htmlFor>` or a form's error wiring. */
  id?: string;
  disabled?: boolean;
  /** ids of the elements naming the input (e.g. the field's own label), instead of the button text. */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  className?: string;
}

/**
 * The admin's file button: a real file input kept for keyboard, screen readers and the browser's
 * file dialog, but drawn as the site's button — never the browser's "Choose File / No file chosen".
 * The caller shows what was picked (name, size, a preview) next to it.
 */
export function FilePicker({
  label,
  onFile,
  accept,
  id,
  disabled,
  labelledBy,
  describedBy,
  invalid,
  className,
}: FilePickerProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-file`;
  return (
    <span className={`inline-flex ${className ?? ''}`}>
      <input
        id={inputId}
        type="file"
        accept={accept}
        className="peer sr-only"
        disabled={disabled}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          // Cleared so that picking the same file again is a change too.
          event.target.value = '';
          if (picked) onFile(picked);
        }}
      />
      <label htmlFor={inputId} className={PICK_BUTTON}>
        {label}
      </label>
    </span>
  );
}
