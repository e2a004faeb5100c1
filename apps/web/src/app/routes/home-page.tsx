import { Suspense } from 'react';
import { GiftTeaser } from '../../features/gift-certificates/components/gift-teaser';
import { AboutSection } from '../../features/landing/components/about-section';
import { ContactSection } from '../../features/landing/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { PortfolioSection } from '../../features/portfolio/components/portfolio-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { FeaturedProducts } from '../../features/shop/components/featured-products';
import { StudentsStrip } from '../../features/student-works/components/students-strip';
import { useTranslation } from '../../shared/i18n/use-translation';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { HomeLessons } from './home-lessons';

/**
 * `/`: hero, what can be bought now (#featured), lessons and courses (#learn), the gift certificate
 * (#gift), portfolio (#portfolio), reviews (#reviews), about (#about), contact (#contact).
 */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.homeTitle'));
  // One boundary per section: each hydrates on its own, in short slices, instead of one long task.
  return (
    <>
      <Suspense fallback={null}>
        <Hero />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedProducts />
      </Suspense>
      <Suspense fallback={null}>
        <HomeLessons />
      </Suspense>
      <Suspense fallback={null}>
        <GiftTeaser />
      </Suspense>
      <Suspense fallback={null}>
        <PortfolioSection students={<StudentsStrip />} />
      </Suspense>
      <Suspense fallback={null}>
        <ReviewsSection />
      </Suspense>
      <Suspense fallback={null}>
        <AboutSection />
      </Suspense>
      <Suspense fallback={null}>
        <ContactSection />
      </Suspense>
    </>
  );
}
