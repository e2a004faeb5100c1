import { MAX_IMAGE_BYTES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@atelier/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { imageError } from '../../../shared/forms/image-file';
import { StarIcon } from '../../../shared/ui/icons';
import { toast } from '../../../shared/ui/toast';
import { useCreateReview } from '../api/create-review';
import { reviewTextError } from '../review-rules';

export function ReviewForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { text: useId(), counter: useId(), textError: useId(), image: useId(), imageError: useId() };
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [rating, setRating] = useState(5);
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const create = useCreateReview();
  // A preview of the chosen photo, released when it changes or the form closes.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const textProblem = reviewTextError(text);
  const trimmedLength = text.trim().length;
  const canSubmit = trimmedLength >= REVIEW_TEXT_MIN && !create.isPending && !imageProblem;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (textProblem || imageProblem) return;
    create.mutate(
      { reviewText: text, rating, image },
      {
        onSuccess: () => {
          toast.success(t('reviews.sent'));
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, t('reviews.sendFailed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <fieldset>
        <legend className="field-label">{t('reviews.rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-full p-1 text-gold-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-600"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <StarIcon filled={value <= rating} width={30} height={30} />
              <span className="sr-only">{t('reviews.ratingLabel', { rating: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={ids.text} className="field-label">
          {t('reviews.text')}
        </label>
        <textarea
          id={ids.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          rows={6}
          maxLength={REVIEW_TEXT_MAX + 200}
          aria-invalid={touched && textProblem !== null}
          aria-describedby={`${ids.counter} ${touched && textProblem ? ids.textError : ''}`.trim()}
          className="input resize-y"
          placeholder={t('reviews.textPlaceholder')}
        />
        <div className="mt-1.5 flex justify-between gap-3 text-sm">
          <span
            id={ids.textError}
            className="font-medium text-rose-800"
            role={touched && textProblem ? 'alert' : undefined}
          >
            {touched && textProblem ? t(`reviews.errors.${textProblem}`) : ''}
          </span>
          <span
            id={ids.counter}
            className={trimmedLength > REVIEW_TEXT_MAX ? 'font-semibold text-rose-800' : 'text-muted'}
            aria-live="polite"
          >
            {t('reviews.counter', { count: trimmedLength, max: REVIEW_TEXT_MAX })}
          </span>
        </div>
      </div>

      <div>
        <p className="field-label" id={`${ids.image}-label`}>
          {t('reviews.image')}
        </p>
        {/* A styled label instead of the browser's own (English-only) "Choose file" control. */}
        <div className="flex flex-wrap items-center gap-3">
          <label className="btn btn-outline btn-sm cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600">
            <input
              id={ids.image}
              type="file"
              accept="image/*"
              aria-labelledby={`${ids.image}-label`}
              aria-invalid={imageProblem !== null}
              aria-describedby={ids.imageError}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                const problem = file ? imageError(file) : null;
                setImageProblem(problem ? t(`reviews.errors.${problem}`) : null);
                setImage(problem ? null : file);
              }}
              className="sr-only"
            />
            {t('reviews.chooseImage')}
          </label>
          {preview ? (
            <img src={preview} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
          ) : null}
          <span className="min-w-0 truncate text-sm text-muted">{image ? image.name : t('reviews.noImage')}</span>
          {image ? (
            <button type="button" className="link text-sm" onClick={() => setImage(null)}>
              {t('reviews.removeImage')}
            </button>
          ) : null}
        </div>
        <p id={ids.imageError} className={imageProblem ? 'field-error' : 'mt-1.5 text-sm text-muted'}>
          {imageProblem ?? t('reviews.imageHint', { size: Math.round(MAX_IMAGE_BYTES / 1024 / 1024) })}
        </p>
      </div>

      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {create.isPending ? t('reviews.sending') : t('reviews.submit')}
        </button>
      </div>
    </form>
  );
}
