import { MAX_IMAGE_BYTES, STUDENT_WORK_CAPTION_MAX } from '@atelier/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { imageError } from '../../../shared/forms/image-file';
import { toast } from '../../../shared/ui/toast';
import { useCreateWork } from '../api/student-works';

/** A photo (required, the rules of review photos) and an optional caption; the work goes to moderation. */
export function WorkForm({ lessonId, onDone }: { lessonId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { caption: useId(), counter: useId(), image: useId(), imageError: useId() };
  const [caption, setCaption] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateWork();
  // A preview of the chosen photo, released when it changes or the form closes.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const length = caption.trim().length;
  const captionTooLong = length > STUDENT_WORK_CAPTION_MAX;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!image) {
      setImageProblem(t('studentWorks.errors.photoRequired'));
      fileInput.current?.focus();
      return;
    }
    if (imageProblem || captionTooLong) return;
    create.mutate(
      { lessonId, caption, image },
      {
        onSuccess: () => {
          toast.success(t('studentWorks.sent'));
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, t('studentWorks.sendFailed'))),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card flex flex-col gap-6 p-5 sm:p-6"
      aria-labelledby={`${ids.image}-form`}
    >
      <p id={`${ids.image}-form`} className="text-sm text-ink-soft">
        {t('studentWorks.formDescription')}
      </p>
      <div>
        <p className="field-label" id={`${ids.image}-label`}>
          {t('studentWorks.photo')}
        </p>
        {/* A styled label instead of the browser's own (English-only) "Choose file" control. */}
        <div className="flex flex-wrap items-center gap-3">
          <label className="btn btn-outline btn-sm cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600">
            <input
              ref={fileInput}
              id={ids.image}
              type="file"
              accept="image/*"
              aria-labelledby={`${ids.image}-label`}
              aria-invalid={imageProblem !== null}
              aria-describedby={ids.imageError}
              required
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                const problem = file ? imageError(file) : null;
                setImageProblem(problem ? t(`reviews.errors.${problem}`) : null);
                setImage(problem ? null : file);
              }}
              className="sr-only"
            />
            {t('studentWorks.choosePhoto')}
          </label>
          {preview ? (
            <img src={preview} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
          ) : null}
          <span className="min-w-0 truncate text-sm text-muted">{image ? image.name : t('studentWorks.noPhoto')}</span>
        </div>
        <p
          id={ids.imageError}
          className={imageProblem ? 'field-error' : 'mt-1.5 text-sm text-muted'}
          role={imageProblem ? 'alert' : undefined}
        >
          {imageProblem ?? t('reviews.imageHint', { size: Math.round(MAX_IMAGE_BYTES / 1024 / 1024) })}
        </p>
      </div>

      <div>
        <label htmlFor={ids.caption} className="field-label">
          {t('studentWorks.caption')}
        </label>
        <textarea
          id={ids.caption}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          rows={2}
          maxLength={STUDENT_WORK_CAPTION_MAX + 50}
          aria-invalid={captionTooLong}
          aria-describedby={ids.counter}
          className="input resize-y"
          placeholder={t('studentWorks.captionPlaceholder')}
        />
        <p
          id={ids.counter}
          className={`mt-1.5 text-right text-sm ${captionTooLong ? 'font-semibold text-rose-800' : 'text-muted'}`}
          aria-live="polite"
        >
          {captionTooLong
            ? t('studentWorks.errors.captionTooLong', { max: STUDENT_WORK_CAPTION_MAX })
            : t('reviews.counter', { count: length, max: STUDENT_WORK_CAPTION_MAX })}
        </p>
      </div>

      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || captionTooLong}>
          {create.isPending ? t('studentWorks.sending') : t('studentWorks.submit')}
        </button>
      </div>
    </form>
  );
}
