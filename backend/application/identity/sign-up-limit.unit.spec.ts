import { describe, expect, it } from 'vitest';
import { networkOf } from './sign-up-limit';

describe('networkOf', () => {
  it('counts an IPv4 client by its address, also when written as IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(networkOf('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(networkOf('2001:0DB8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:aa:bc::1')).not.toBe(networkOf('2001:db8:aa:bb::1'));
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
