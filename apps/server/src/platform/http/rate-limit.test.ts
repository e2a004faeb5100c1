import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit';

describe('addressKey: what a per-address limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('two addresses of one /64 share a key; the next /64 has its own', () => {
    expect(addressKey('2001:db8:aa:1::10')).toBe(addressKey('2001:db8:aa:1:9a3f:1:2:77'));
    expect(addressKey('2001:db8:aa:1::10')).not.toBe(addressKey('2001:db8:aa:2::10'));
  });
});
