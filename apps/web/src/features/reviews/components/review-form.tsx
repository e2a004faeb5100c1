import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@atelier/shared';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { StarIcon } from '../../../shared/ui/icons';
import { PhotoField } from '../../../shared/ui/photo-field';
import { toast } from '../../../shared/ui/toast';
import { useCreateReview } from '../api/create-review';
import { reviewTextError } from '../review-rules';

export function ReviewForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { text: useId(), counter: useId(), textError: useId() };
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [rating, setRating] = useState(5);
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const create = useCreateReview();

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

      <PhotoField
        label={t('reviews.image')}
        chooseLabel={t('reviews.chooseImage')}
        emptyLabel={t('reviews.noImage')}
        removeLabel={t('reviews.removeImage')}
        photo={image}
        problem={imageProblem}
        onChange={(photo, problem) => {
          setImage(photo);
          setImageProblem(problem);
        }}
      />

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
