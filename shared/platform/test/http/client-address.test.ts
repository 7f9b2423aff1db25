import { addressLimitKey } from '../../src/http/client-address';

describe('addressLimitKey: whom a per-address limit counts', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2::10', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['0:0:0:0:0:ffff:198.51.100.7', '198.51.100.7'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(addressLimitKey(address)).toBe(key);
  });
});
