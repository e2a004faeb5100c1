import { Suspense } from 'react';
import { coursesQueryOptions } from '../../features/courses/api/courses';
import { GiftTeaser } from '../../features/gift-certificates/components/gift-teaser';
import { aboutQueryOptions } from '../../features/landing/api/get-about';
import { AboutSection } from '../../features/landing/components/about-section';
import { ContactSection } from '../../features/landing/components/contact-section';
import { Hero } from '../../features/landing/components/hero';
import { lessonsQueryOptions } from '../../features/lessons/api/get-lessons';
import { portfolioQueryOptions } from '../../features/portfolio/api/get-portfolio';
import { PortfolioSection } from '../../features/portfolio/components/portfolio-section';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { featuredQueryOptions } from '../../features/shop/api/get-featured';
import { FeaturedProducts } from '../../features/shop/components/featured-products';
import { recentWorksQueryOptions } from '../../features/student-works/api/student-works';
import { StudentsStrip } from '../../features/student-works/components/students-strip';
import { load, type RouteLoader } from '../../shared/ssr/page-loader';
import { useDeclaredPageTitle } from '../../shared/ui/use-page-title';
import { HomeLessons } from './home-lessons';

/**
 * `/`: hero, what can be bought now (#featured), lessons and courses (#learn), the gift certificate
 * (#gift), portfolio (#portfolio), reviews (#reviews), about (#about), contact (#contact).
 */
export function Component() {
  useDeclaredPageTitle('home', true);
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

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, currency }) => [
      load(client, featuredQueryOptions(currency)),
      load(client, lessonsQueryOptions()),
      load(client, coursesQueryOptions()),
      load(client, aboutQueryOptions()),
      load(client, portfolioQueryOptions('all')),
      load(client, reviewsQueryOptions()),
      load(client, recentWorksQueryOptions()),
    ]
  : undefined;
