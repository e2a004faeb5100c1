import { type LocalizedText, localize, pointsOf } from '@atelier/shared';
import { useId } from 'react';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { CheckIcon } from './icons';

/** "What you'll learn" and "Materials and tools" of a lesson or course: lists, one point a line. */
export function LearningPoints({ outcomes, materials }: { outcomes?: LocalizedText; materials?: LocalizedText }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const learned = outcomes ? pointsOf(localize(outcomes, language)) : [];
  const needed = materials ? pointsOf(localize(materials, language)) : [];
  if (learned.length === 0 && needed.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2" data-testid="learning-points">
      {learned.length > 0 ? (
        <section aria-labelledby={`${id}-outcomes`} className="card p-5 sm:p-6">
          <h2 id={`${id}-outcomes`} className="mb-3 text-2xl">
            {t('training.outcomesTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            {learned.map((point) => (
              <li key={point} className="flex gap-2">
                <CheckIcon width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-sage-700" />
                <span className="wrap-anywhere">{point}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {needed.length > 0 ? (
        <section aria-labelledby={`${id}-materials`} className="card p-5 sm:p-6">
          <h2 id={`${id}-materials`} className="mb-3 text-2xl">
            {t('training.materialsTitle')}
          </h2>
          <ul className="flex list-disc flex-col gap-2 pl-5 marker:text-rose-700">
            {needed.map((point) => (
              <li key={point} className="wrap-anywhere">
                {point}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
