import type { QueryClient } from '@tanstack/react-query';

/*
 * The query-key prefixes that more than one feature builds on. Every key is written once: a
 * feature's in its `features/<name>/api/keys.ts` factory, a prefix here when several features
 * share it, or when a feature must reach keys whose owner imports that feature (importing the
 * owner back would close a cycle between features). `scripts/check-query-keys.mjs` (in
 * `npm run lint`) fails on an array literal passed as a query key anywhere else.
 */

/**
 * What one signed-in account sees: its profile, favourites, progress, certificates, custom requests,
 * the gift certificates it bought, its stock alerts. Each of those features keeps its keys under
 * this prefix so that one removal (`forgetAccount`) drops them all when the account changes.
 */
export const userScope = { all: ['user'] as const };

/**
 * The orders feature's keys (the account's orders, one order, the owner's list). Written here,
 * not in `features/orders`, because sign-out (auth), a payment, a CDEK registration and a bought
 * gift certificate all change orders, and the orders feature imports each of those features.
 */
export const ordersScope = { all: ['orders'] as const };

/**
 * Lessons, courses, their purchases and the promo codes (three features and the checkout): whether
 * an item is bought and what it costs depend on who asks and on the owner's edits to any of them,
 * so a purchase, an edit or an account change invalidates the whole prefix.
 */
export const trainingScope = { all: ['training'] as const };

/**
 * The owner's dashboard (counters, what needs action, sales) and a few admin lists of other
 * features (custom requests, gift certificates, lesson completion). An owner's edit in a feature
 * invalidates the whole prefix so the dashboard follows; the admin shell imports those features,
 * so they cannot import its factory.
 */
export const adminScope = { all: ['admin'] as const };

/**
 * The account changed (signed out, deleted, another user signed in): one account's data is never
 * shown to the next. Account data and orders are dropped; the training lists, which every visitor
 * sees but marked with what this account bought, are fetched again.
 */
export function forgetAccount(client: QueryClient): void {
  client.removeQueries({ queryKey: userScope.all });
  client.removeQueries({ queryKey: ordersScope.all });
  void client.invalidateQueries({ queryKey: trainingScope.all });
}
