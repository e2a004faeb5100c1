import { AboutSection } from '../../features/landing/components/about-section';
import { ContactSection } from '../../features/landing/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { PortfolioSection } from '../../features/portfolio/components/portfolio-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';

/** `/`: hero, about (#about), portfolio (#portfolio), reviews (#reviews), contact (#contact). */
export function HomePage() {
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
