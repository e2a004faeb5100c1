import type { Locator, Page } from 'playwright-core';

/**
 * Ticks every box in `scope`: the checkout's terms, its personal-data consent and (paying through
 * PayPal) the cross-border consent; registration's agreement and personal-data consent. Each
 * consent is a box of its own, so a journey that agrees to everything ticks them all.
 */
export async function tickEveryBox(scope: Page | Locator): Promise<void> {
  for (const box of await scope.getByRole('checkbox').all()) await box.check();
}
