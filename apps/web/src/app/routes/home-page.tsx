import { useTranslation } from 'react-i18next';
import { AboutSection } from '../../features/landing/components/about-section';
import { ContactSection } from '../../features/landing/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { PortfolioSection } from '../../features/portfolio/components/portfolio-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** `/`: hero, about (#about), portfolio (#portfolio), reviews (#reviews), contact (#contact). */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('landing.homeTitle'));
  return (
    <>
      <Hero />
      <AboutSection />
      <PortfolioSection />
      <ReviewsSection />
      <ContactSection />
    </>
  );
}
