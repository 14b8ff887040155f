import { BlockList, isIPv4 } from 'node:net';
import type { GeolocationPort } from './port.ts';

function blockList(entries: [address: string, prefix: number, family: 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of entries) list.addSubnet(address, prefix, family);
  return list;
}

/** Loopback and private networks: a developer's own machine, which counts as the default region (UK). */
const LOCAL = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
]);

/** The documentation ranges (RFC 5737), one per region with its own phone number. */
const DOCUMENTATION_RANGES: [BlockList, string][] = [
  [blockList([['198.51.100.0', 24, 'ipv4']]), 'US'],
  [blockList([['203.0.113.0', 24, 'ipv4']]), 'AU'],
  [blockList([['192.0.2.0', 24, 'ipv4']]), 'NZ'],
];

/** '::ffff:203.0.113.9' is an IPv4 client on a dual-stack socket. */
function normalise(ip: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  return { address, family: isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/** Deterministic answers for development and tests; every other address is unknown (null). */
export function countryForIp(ip: string): string | null {
  const { address, family } = normalise(ip);
  if (LOCAL.check(address, family)) return 'GB';
  if (family === 'ipv4') {
    for (const [range, country] of DOCUMENTATION_RANGES) if (range.check(address, 'ipv4')) return country;
  }
  return null;
}

export function createSandboxGeolocation(): GeolocationPort {
  return {
    async locate(ip) {
      return { ip, country: countryForIp(ip) };
    },
  };
}
