import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses a request to a user-given URL may reach (webhooks now, unshorten later):
 * only public unicast ones. Everything IANA reserves for private, loopback, link-local,
 * shared (CGNAT), documentation, benchmarking, multicast or future use is refused, and so
 * are the IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo).
 */
// two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d)
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

/** True for a public unicast IP address; false for anything else, including non-addresses. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, 'ipv4')
    : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Why a target URL is refused before any connection is made. */
export type TargetRefusal = 'url' | 'scheme' | 'credentials' | 'private';

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * A URL a request may be sent to: http(s), no user:password, at most 2,000 characters, and
 * (unless private targets are allowed) not a private IP literal or a localhost name. Names
 * are checked again at connection time by `guardedLookup`, on the addresses they resolve to.
 */
export function checkTargetUrl(
  raw: string,
  { allowPrivate }: { allowPrivate: boolean },
): { url: URL } | { refused: TargetRefusal } {
  if (raw.length > 2000) return { refused: 'url' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'scheme' };
  if (url.username || url.password) return { refused: 'credentials' };
  const host = bare(url.hostname).toLowerCase();
  if (!host) return { refused: 'url' };
  if (allowPrivate) return { url };
  if (isIP(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost'))
    return { refused: 'private' };
  return { url };
}

/** Resolves a name to all its addresses (dns.lookup by default; tests hand in their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/** The error a refused name fails its connection with. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

/**
 * A `lookup` for http.request/net.connect that resolves through `resolve` and refuses the
 * connection when any address of the name is not public, so the address connected to is the
 * one checked (no second resolution an attacker's DNS could answer differently).
 */
export function guardedLookup(
  resolve: Resolver,
  { allowPrivate }: { allowPrivate: boolean },
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = allowPrivate
          ? undefined
          : addresses.find((entry) => !isPublicAddress(entry.address));
        if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 4);
        const first = addresses[0];
        if (!first) {
          const error = Object.assign(new Error(`${hostname} has no address`), {
            code: 'ENOTFOUND',
          });
          return callback(error, '', 4);
        }
        if (options.all) return (callback as unknown as AllCallback)(null, addresses);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
