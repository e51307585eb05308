/**
 * The key a client's limits are counted under (connections, rate, fair turns on the threads, heavy
 * work). An IPv4 address is its own key, written as IPv4 when it comes mapped into IPv6
 * (`::ffff:203.0.113.7`). An IPv6 address counts as its /64 network: a host is usually given a
 * whole /64 and can pick any address in it, so keying the full address would give one client
 * 2^64 separate allowances.
 */
import net from 'node:net';

export function clientKey(address: string | undefined): string {
  // A socket that has closed has no address any more (`req.ip` is then undefined).
  if (typeof address !== 'string') return '';
  const bare = address.split('%')[0]!;
  if (/^::ffff:/i.test(bare) && net.isIPv4(bare.slice(7))) return bare.slice(7);
  if (!net.isIPv6(bare)) return address;
  // An IPv4 tail (`64:ff9b::192.0.2.33`) is two groups, after the four that count.
  const text = bare.toLowerCase().replace(/:?\d+\.\d+\.\d+\.\d+$/, ':0:0');
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
