import { type Image, MAX_IMAGE_BYTES } from '@atelier/shared';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { FilePicker } from './file-picker';
import { FieldError } from './form-field';
import { moveItem, SortableList } from './sortable-list';

/** An image already on the server, or a file picked in this form (with a local preview URL). */
export type UploadItem =
  | { key: string; kind: 'existing'; image: Image }
  | { key: string; kind: 'new'; file: File; preview: string };

/** Where each image of the saved list comes from: a kept server image (by url) or the n-th new file part. */
export type ImagePlanEntry = { url: string } | { file: number };

const ICON_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-full border border-line bg-white text-ink-soft hover:bg-blush-100 hover:text-rose-800 disabled:cursor-not-allowed disabled:opacity-40';
const PICK_BUTTON =
  'btn btn-outline min-h-11 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-600';

let counter = 0;
const nextKey = () => `upload-${++counter}`;

export function itemsFromImages(images: readonly Image[]): UploadItem[] {
  return images.map((image) => ({ key: nextKey(), kind: 'existing', image }));
}

export function itemFromFile(file: File): UploadItem {
  return { key: nextKey(), kind: 'new', file, preview: URL.createObjectURL(file) };
}

/** The new files, in list order: send them as the form's file parts. */
export function newFilesOf(items: readonly UploadItem[]): File[] {
  return items.flatMap((item) => (item.kind === 'new' ? [item.file] : []));
}

/**
 * The final order as the server needs it: `{ url }` keeps an existing image, `{ file: n }` is the
 * n-th new file part (0-based, in `newFilesOf` order). Images left out of the plan are deleted.
 */
export function imagePlanOf(items: readonly UploadItem[]): ImagePlanEntry[] {
  let file = 0;
  return items.map((item) => (item.kind === 'existing' ? { url: item.image.url } : { file: file++ }));
}

export function revokePreviews(items: readonly UploadItem[]): void {
  for (const item of items) if (item.kind === 'new') URL.revokeObjectURL(item.preview);
}

/** SVG is refused: it can carry scripts, and the server's image pipeline rejects it anyway. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type FileProblem = 'tooLarge' | 'notImage' | 'empty' | 'tooMany';

/** The first rule a picked image breaks (checked again by the server, by content). */
export function imageFileProblem(file: File, maxBytes: number): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (!IMAGE_TYPES.includes(file.type)) return 'notImage';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

export interface ImageUploadFieldProps {
  /** id of the file input; errors get `${id}-error`. */
  id: string;
  label: string;
  hint?: string;
  /** A message from the form (already translated), shown under the field. */
  error?: string;
  items: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /** Several images (default) or one. With one, a new pick replaces the current image. */
  multiple?: boolean;
  /** Most images allowed (default 10; 1 when `multiple` is false). */
  maxFiles?: number;
  /** Per-file limit (default MAX_IMAGE_BYTES, 5 MB). */
  maxBytes?: number;
  /** Which image is the main one; pass with `onMainIndexChange` to show "Make main". */
  mainIndex?: number;
  onMainIndexChange?: (index: number) => void;
  disabled?: boolean;
}

/**
 * Pick or drop images, see previews, reorder (the shared reorder list: drag, keyboard, or the ← →
 * buttons), choose the
 * main one, remove one. Wrong files (not an image, SVG, empty, over the limit) are refused here
 * with a message and never reach the list. Keeps its items in the parent's state (controlled).
 */
export function ImageUploadField({
  id,
  label,
  hint,
  error,
  items,
  onChange,
  multiple = true,
  maxFiles,
  maxBytes = MAX_IMAGE_BYTES,
  mainIndex,
  onMainIndexChange,
  disabled,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [dropping, setDropping] = useState(false);
  const limit = multiple ? (maxFiles ?? 10) : 1;
  const mb = Math.round(maxBytes / 1024 / 1024);
  const showMain = multiple && onMainIndexChange !== undefined;

  // Previews made here are released when the field goes away.
  const latest = useRef(items);
  latest.current = items;
  useEffect(() => () => revokePreviews(latest.current), []);

  const changeOrder = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onChange(moveItem(items, from, to));
    if (showMain && mainIndex !== undefined) {
      if (mainIndex === from) onMainIndexChange?.(to);
      else if (from < mainIndex && to >= mainIndex) onMainIndexChange?.(mainIndex - 1);
      else if (from > mainIndex && to <= mainIndex) onMainIndexChange?.(mainIndex + 1);
    }
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item?.kind === 'new') URL.revokeObjectURL(item.preview);
    onChange(items.filter((_, i) => i !== index));
    if (showMain && mainIndex !== undefined && index <= mainIndex && mainIndex > 0) {
      onMainIndexChange?.(index === mainIndex ? 0 : mainIndex - 1);
    }
  };

  const add = (files: readonly File[]) => {
    const found: string[] = [];
    const accepted: UploadItem[] = [];
    const room = multiple ? limit - items.length : 1;
    for (const file of files) {
      const problem = imageFileProblem(file, maxBytes);
      if (problem) found.push(`${file.name}: ${t(`admin.ui.upload.problems.${problem}`, { mb, max: limit })}`);
      else if (accepted.length >= room)
        found.push(`${file.name}: ${t('admin.ui.upload.problems.tooMany', { max: limit })}`);
      else accepted.push(itemFromFile(file));
    }
    setProblems(found);
    if (accepted.length === 0) return;
    if (multiple) onChange([...items, ...accepted]);
    else {
      revokePreviews(items);
      onChange(accepted.slice(0, 1));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDropping(false);
    if (disabled) return;
    if (event.dataTransfer.files.length > 0) add([...event.dataTransfer.files]);
  };

  const messages = [...(error ? [error] : []), ...problems];
  const describedBy = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {items.length > 0 ? (
        <div className="mb-3">
          <SortableList
            items={items}
            itemKey={(item) => item.key}
            itemName={(_item, index) => t('admin.ui.upload.imageN', { number: index + 1 })}
            onMove={changeOrder}
            layout="grid"
            disabled={disabled}
            moveLabels={{
              earlier: (name) => t('admin.ui.upload.moveBefore', { name }),
              later: (name) => t('admin.ui.upload.moveAfter', { name }),
            }}
            listProps={{ id: listId, 'aria-labelledby': `${id}-label` }}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            renderItem={(item, index, { handle, moveButtons }) => {
              const src = item.kind === 'existing' ? item.image.thumb : item.preview;
              const isMain = showMain && index === (mainIndex ?? 0);
              const name = t('admin.ui.upload.imageN', { number: index + 1 });
              return (
                <div className={`card overflow-hidden ${isMain ? 'ring-2 ring-rose-600' : ''}`}>
                  <div className="relative aspect-square bg-blush-50">
                    <img src={src} alt={name} className="size-full object-cover" width={160} height={160} />
                    {isMain ? (
                      <span className="absolute top-2 left-2 rounded-full bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {t('admin.ui.upload.main')}
                      </span>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-1 p-2">
                    {items.length > 1 ? (
                      <div className="flex flex-wrap gap-1">
                        {handle}
                        {moveButtons}
                      </div>
                    ) : null}
                    <div className="flex gap-1">
                      {showMain ? (
                        <button
                          type="button"
                          className={ICON_BUTTON}
                          aria-pressed={isMain}
                          aria-label={t('admin.ui.upload.makeMain', { name })}
                          disabled={disabled}
                          onClick={() => onMainIndexChange?.(index)}
                        >
                          ★
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className={`${ICON_BUTTON} text-red-800`}
                        aria-label={t('admin.ui.upload.remove', { name })}
                        disabled={disabled}
                        onClick={() => remove(index)}
                      >
                        ✕
                      </button>
                    </div>
                  </div>
                </div>
              );
            }}
          />
        </div>
      ) : null}
      {items.length < limit || !multiple ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone only adds mouse dropping; the button inside is the keyboard way
        <div
          onDragOver={(event) => {
            if (disabled) return;
            event.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center ${
            dropping ? 'border-rose-600 bg-blush-100' : 'border-blush-300 bg-blush-50'
          }`}
        >
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple={multiple}
            className="peer sr-only"
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy || undefined}
            aria-invalid={messages.length > 0 ? true : undefined}
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label htmlFor={id} className={PICK_BUTTON}>
            {items.length > 0 && !multiple ? t('admin.ui.upload.replace') : t('admin.ui.upload.choose')}
          </label>
          {/* Dropping files is for a mouse on a wide screen; a phone or a touch screen picks a photo. */}
          <span className="hidden text-sm text-muted sm:pointer-fine:inline" data-testid="upload-drop-hint">
            {t('admin.ui.upload.dropHint', { mb })}
          </span>
          <span className="text-sm text-muted sm:pointer-fine:hidden" data-testid="upload-pick-hint">
            {t('admin.ui.upload.pickHint', { mb })}
          </span>
        </div>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {messages.length > 0 ? (
        <FieldError id={id}>
          {messages.map((message) => (
            <span key={message} className="block">
              {message}
            </span>
          ))}
        </FieldError>
      ) : null}
    </div>
  );
}

export interface FileFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The picked file, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Name of the file already stored on the server (shown while nothing new is picked). */
  currentName?: string | null;
  /** `accept` of the input, e.g. "video/mp4,video/webm" or "application/pdf". */
  accept?: string;
  /** Per-file limit in bytes; a bigger file is refused with a message. */
  maxBytes?: number;
  disabled?: boolean;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** One non-image file (a video, a PDF): pick, see name and size, remove. */
export function FileField({
  id,
  label,
  hint,
  error,
  file,
  onChange,
  currentName,
  accept,
  maxBytes,
  disabled,
}: FileFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const message = error ?? problem;
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-white px-4 py-3">
        <span className="min-w-0 flex-1 break-all text-sm">
          {file
            ? `${file.name} (${formatBytes(file.size)})`
            : currentName
              ? t('admin.ui.upload.current', { name: currentName })
              : t('admin.ui.upload.none')}
        </span>
        <FilePicker
          id={id}
          accept={accept}
          disabled={disabled}
          label={t('admin.ui.upload.chooseFile')}
          labelledBy={`${id}-label`}
          describedBy={describedBy}
          invalid={Boolean(message)}
          onFile={(picked) => {
            if (picked.size === 0) setProblem(t('admin.ui.upload.problems.empty'));
            else if (maxBytes !== undefined && picked.size > maxBytes)
              setProblem(t('admin.ui.upload.problems.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));
            else {
              setProblem(null);
              onChange(picked);
            }
          }}
        />
        {file ? (
          <button type="button" className="btn btn-ghost min-h-11" disabled={disabled} onClick={() => onChange(null)}>
            {t('admin.ui.upload.clear')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {message ? <FieldError id={id}>{message}</FieldError> : null}
    </div>
  );
}
