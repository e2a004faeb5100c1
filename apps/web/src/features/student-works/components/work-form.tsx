import { STUDENT_WORK_CAPTION_MAX } from '@atelier/shared';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PhotoField } from '../../../shared/ui/photo-field';
import { toast } from '../../../shared/ui/toast';
import { useCreateWork } from '../api/student-works';

/** A photo (required, the rules of review photos) and an optional caption; the work goes to moderation. */
export function WorkForm({ lessonId, onDone }: { lessonId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { caption: useId(), counter: useId(), form: useId() };
  const [caption, setCaption] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateWork();

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
    <form onSubmit={submit} noValidate className="card flex flex-col gap-6 p-5 sm:p-6" aria-labelledby={ids.form}>
      <p id={ids.form} className="text-sm text-ink-soft">
        {t('studentWorks.formDescription')}
      </p>
      <PhotoField
        label={t('studentWorks.photo')}
        chooseLabel={t('studentWorks.choosePhoto')}
        emptyLabel={t('studentWorks.noPhoto')}
        required
        photo={image}
        problem={imageProblem}
        onChange={(photo, problem) => {
          setImage(photo);
          setImageProblem(problem);
        }}
        inputRef={fileInput}
      />

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
