import type { PageId } from '@atelier/shared/pages';

/**
 * The lazy module each server-rendered page renders, as the client build's manifest names it: the
 * server preloads its chunks when the app starts, and the build weighs the JS each page needs until
 * it is hydrated (scripts/hydration-report.ts).
 */
export const PAGE_MODULES: Partial<Record<PageId, string>> = {
  home: 'src/app/routes/home-page.tsx',
  shop: 'src/features/shop/pages/shop-page.tsx',
  product: 'src/app/routes/product-route.tsx',
  lessons: 'src/app/routes/training-page.tsx',
  lesson: 'src/app/routes/lesson-route.tsx',
  lessonByQuery: 'src/app/routes/lesson-route.tsx',
  course: 'src/features/courses/pages/course-page.tsx',
  giftCertificates: 'src/features/gift-certificates/pages/gift-certificate-page.tsx',
  certificate: 'src/features/certificates/pages/certificate-page.tsx',
  privacy: 'src/features/legal/pages/legal-page.tsx',
  terms: 'src/features/legal/pages/legal-page.tsx',
  agreement: 'src/features/legal/pages/legal-page.tsx',
  legalDocument: 'src/features/legal/pages/legal-page.tsx',
  legalVersion: 'src/features/legal/pages/legal-page.tsx',
  notFound: 'src/app/routes/not-found-page.tsx',
};
