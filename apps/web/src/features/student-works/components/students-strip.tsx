import { localize } from '@atelier/shared';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { useRecentWorks } from '../api/student-works';

/**
 * "Made by students" in the home page's portfolio: the newest approved works, each linking to its
 * lesson. Below the fold: the photos load lazily in square frames (no layout shift); nothing is
 * shown while there is no approved work.
 */
export function StudentsStrip() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: works } = useRecentWorks();
  const shown = (works ?? []).filter((work) => work.image);
  if (shown.length === 0) return null;

  return (
    <section className="mt-16" aria-labelledby="students-strip-title">
      <h3 id="students-strip-title" className="text-center text-3xl">
        {t('studentWorks.madeByStudents')}
      </h3>
      <p className="mx-auto mt-3 mb-8 max-w-xl text-center text-ink-soft">{t('studentWorks.madeByStudentsLead')}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-5">
        {shown.map((work) => {
          const lesson = localize(work.lessonTitle, language);
          return (
            <li key={work.id}>
              <Link
                to={`/training-detail/${work.lessonId}`}
                className="group relative block aspect-square overflow-hidden rounded-3xl bg-blush-100 shadow-card"
              >
                {work.image ? (
                  <ResponsiveImage
                    image={work.image}
                    alt=""
                    sizes="(min-width: 1024px) 17rem, (min-width: 640px) 22vw, 45vw"
                    className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
                  />
                ) : null}
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/80 via-ink/35 to-transparent p-3 pt-10">
                  <span className="block text-xs text-blush-100">
                    {t('studentWorks.byName', { name: work.authorName })}
                  </span>
                  <span className="mt-0.5 block font-serif text-base leading-tight text-white wrap-anywhere sm:text-lg">
                    {t('studentWorks.lessonLink', { title: lesson })}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
