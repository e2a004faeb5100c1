/** Portfolio values the home page's first paint needs: zod-free, see docs/decisions/0032. */
export const PORTFOLIO_CATEGORIES = ['wedding', 'corporate', 'personal'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];
export const PORTFOLIO_HOME_LIMIT = 12;
export const PORTFOLIO_MAX_IMAGES = 10;
