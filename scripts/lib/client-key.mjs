// The key the site server counts a client's connections under: an IPv4 address (unwrapped when it
// comes mapped into IPv6), or an IPv6 address's /64 network, since a host usually holds a whole /64
// and can pick any address in it. The search service keys its limits the same way
// (search/src/address.ts; the two workspaces share no code).
import net from 'node:net';

/** @param {string} address */
export function clientKey(address) {
  const bare = address.split('%')[0];
  if (/^::ffff:/i.test(bare) && net.isIPv4(bare.slice(7))) return bare.slice(7);
  if (!net.isIPv6(bare)) return address;
  // An IPv4 tail is two groups, after the four that count: drop it.
  const text = bare.toLowerCase().replace(/:?\d+\.\d+\.\d+\.\d+$/, ':0:0');
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}
