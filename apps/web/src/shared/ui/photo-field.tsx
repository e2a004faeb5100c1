import { MAX_IMAGE_BYTES } from '@atelier/shared';
import { type Ref, useEffect, useId, useState } from 'react';
import { imageError } from '../forms/image-file';
import { useTranslation } from '../i18n/use-translation';

/**
 * One photo a customer attaches (a review's, a student's work): a styled "choose" button instead of
 * the browser's own (English-only) file control, a preview, the file's name, and the photo rules
 * checked on choosing (the server checks the content again). The form keeps the file and the
 * problem, so it can add its own (a required photo not chosen).
 */
export function PhotoField({
  label,
  chooseLabel,
  emptyLabel,
  removeLabel,
  required,
  photo,
  problem,
  onChange,
  inputRef,
}: {
  label: string;
  chooseLabel: string;
  emptyLabel: string;
  /** Offered once a photo is chosen: an optional photo can be taken back. */
  removeLabel?: string;
  required?: boolean;
  photo: File | null;
  problem: string | null;
  /** The chosen file when it passes the photo rules, else null and the problem's text. */
  onChange: (photo: File | null, problem: string | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = useId();
  const problemId = useId();
  // A preview of the chosen photo, released when it changes or the form closes.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  return (
    <div>
      <p className="field-label" id={labelId}>
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="btn btn-outline btn-sm cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            aria-labelledby={labelId}
            aria-invalid={problem !== null}
            aria-describedby={problemId}
            required={required}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              const rule = file ? imageError(file) : null;
              onChange(rule ? null : file, rule ? t(`reviews.errors.${rule}`) : null);
            }}
            className="sr-only"
          />
          {chooseLabel}
        </label>
        {preview ? (
          <img src={preview} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
        ) : null}
        <span className="min-w-0 truncate text-sm text-muted">{photo ? photo.name : emptyLabel}</span>
        {photo && removeLabel ? (
          <button type="button" className="link text-sm" onClick={() => onChange(null, null)}>
            {removeLabel}
          </button>
        ) : null}
      </div>
      <p
        id={problemId}
        className={problem ? 'field-error' : 'mt-1.5 text-sm text-muted'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('reviews.imageHint', { size: Math.round(MAX_IMAGE_BYTES / 1024 / 1024) })}
      </p>
    </div>
  );
}
