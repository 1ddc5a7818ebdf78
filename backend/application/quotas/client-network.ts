/**
 * The key a per-client limit counts by: an IPv4 address as it is, an IPv6 address by its /64
 * network. One IPv6 subscriber holds a whole /64 (2^64 addresses), so counting by the full
 * address would let one person pass any per-address limit by changing the last bits.
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
 */
export function clientNetwork(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
