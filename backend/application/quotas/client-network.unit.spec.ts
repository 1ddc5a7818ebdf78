import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its notation', () => {
    const one = clientNetwork('2001:db8:abcd:12:1:2:3:4');
    expect(clientNetwork('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe(one);
    expect(clientNetwork('2001:db8:abcd:12::1')).toBe(one);
    expect(one).toBe('2001:db8:abcd:12::/64');
  });

  it('tells two /64 networks apart', () => {
    expect(clientNetwork('2001:db8:abcd:12::1')).not.toBe(clientNetwork('2001:db8:abcd:13::1'));
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
