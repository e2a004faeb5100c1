// forgetAccount (shared/api/query-keys.ts) against the keys the features really use: it lives in
// shared/, which may not import features, so the check that it reaches them all sits here.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { certificateKeys } from '../features/certificates/api/keys';
import { courseKeys } from '../features/courses/api/keys';
import { customOrderKeys } from '../features/custom-orders/api/keys';
import { favouriteKeys } from '../features/favourites/api/keys';
import { giftCertificateKeys } from '../features/gift-certificates/api/keys';
import { lessonKeys } from '../features/lessons/api/keys';
import { orderKeys } from '../features/orders/api/keys';
import { paymentKeys } from '../features/payments/api/keys';
import { progressKeys } from '../features/progress/api/keys';
import { shopKeys } from '../features/shop/api/keys';
import { stockAlertKeys } from '../features/stock-alerts/api/keys';
import { userKeys } from '../features/users/api/keys';
import { forgetAccount } from '../shared/api/query-keys';

/** What one account sees and the next must not: each feature's keys for the signed-in user. */
const ACCOUNT_KEYS = [
  userKeys.profile(),
  favouriteKeys.mine(),
  progressKeys.mine(),
  certificateKeys.mine(),
  customOrderKeys.mine(),
  customOrderKeys.mineOne('request-1'),
  giftCertificateKeys.mine(),
  stockAlertKeys.mine(),
  orderKeys.mine(),
  orderKeys.one('order-1'),
  orderKeys.byNumber('A-1001'),
  paymentKeys.downloads(),
  lessonKeys.playerSettings(),
];

/** The same for every visitor, but marked with what the account bought: fetched again. */
const TRAINING_KEYS = [
  lessonKeys.list(),
  lessonKeys.one('lesson-1'),
  lessonKeys.purchases(),
  courseKeys.list(),
  courseKeys.purchases(),
];

function filled(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { from: 'the previous account' });
  return client;
}

describe('an account change', () => {
  it("drops every query of the account, whichever feature keeps it, and leaves the shop's alone", () => {
    const client = filled([...ACCOUNT_KEYS, shopKeys.product('product-1')]);
    forgetAccount(client);
    for (const key of ACCOUNT_KEYS) expect(client.getQueryData(key), JSON.stringify(key)).toBeUndefined();
    expect(client.getQueryData(shopKeys.product('product-1'))).toEqual({ from: 'the previous account' });
    expect(client.getQueryState(shopKeys.product('product-1'))?.isInvalidated).toBe(false);
  });

  it('marks the lessons, the courses and the purchases stale, keeping them until they are fetched again', () => {
    const client = filled(TRAINING_KEYS);
    forgetAccount(client);
    for (const key of TRAINING_KEYS) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
      expect(client.getQueryData(key)).toBeDefined();
    }
  });
});
