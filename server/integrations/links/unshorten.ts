import http from 'node:http';
import https from 'node:https';
import {
  checkTargetUrl,
  guardedLookup,
  isPublicAddress,
  type Resolver,
  systemResolver,
} from '../../lib/public-address.ts';

/** At most this many redirects are followed, within this long in all (docs/product.md). */
export const UNSHORTEN_MAX_HOPS = 5;
export const UNSHORTEN_TIMEOUT_MS = 3000;

/** Why a link was not followed to its end. */
export class UnshortenError extends Error {
  readonly reason: 'url' | 'private' | 'hops' | 'timeout' | 'unreachable';
  constructor(reason: UnshortenError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** One request to one URL: its status and where it redirects (the body is not read). */
export type Hop = (
  url: URL,
  signal: AbortSignal,
) => Promise<{ status: number; location: string | null }>;

/** The real hop: a GET whose connection resolves through the guarded lookup. */
export function httpHop(resolve: Resolver, allowPrivate: boolean): Hop {
  const lookup = guardedLookup(resolve, { allowPrivate });
  return (url, signal) =>
    new Promise((done, fail) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'GET',
          lookup,
          agent: false,
          signal,
          headers: { 'user-agent': 'Mozilla/5.0 (compatible; link-check)', accept: '*/*' },
        },
        (response) => {
          const location = response.headers.location;
          done({ status: response.statusCode ?? 0, location: location ?? null });
          response.destroy();
        },
      );
      request.on('error', fail);
      request.end();
    });
}

/**
 * Follows a short link's redirects to the final URL (POST unshorten), SSRF-safe:
 * only http(s); before every hop the host is resolved and every address must be public
 * (private, loopback, link-local, multicast and the rest are refused), and the connection
 * itself resolves through the same check; at most UNSHORTEN_MAX_HOPS redirects within
 * UNSHORTEN_TIMEOUT_MS.
 */
export function createUnshortener({
  resolve = systemResolver,
  allowPrivate = false,
  hop = httpHop(resolve, allowPrivate),
  timeoutMs = UNSHORTEN_TIMEOUT_MS,
}: {
  resolve?: Resolver;
  allowPrivate?: boolean;
  hop?: Hop;
  /** the whole walk's time limit */
  timeoutMs?: number;
} = {}) {
  async function assertPublic(url: URL, signal: AbortSignal) {
    const checked = checkTargetUrl(url.href, { allowPrivate });
    if ('refused' in checked)
      throw checked.refused === 'private'
        ? new UnshortenError('private', 'The link leads to a private address')
        : new UnshortenError('url', 'Enter a full http:// or https:// link');
    if (allowPrivate) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string }[];
    try {
      // a resolver that does not answer is bounded by the same deadline as the hops
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      ]);
    } catch {
      if (signal.aborted) throw new UnshortenError('timeout', 'The link did not answer in time');
      throw new UnshortenError('unreachable', 'The link cannot be followed');
    }
    if (!addresses.length || addresses.some((entry) => !isPublicAddress(entry.address)))
      throw new UnshortenError('private', 'The link leads to a private address');
  }

  return async function unshorten(link: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(link.trim());
    } catch {
      throw new UnshortenError('url', 'Enter a full http:// or https:// link');
    }
    const signal = AbortSignal.timeout(timeoutMs);
    for (let hops = 0; ; hops++) {
      await assertPublic(url, signal);
      let answer: Awaited<ReturnType<Hop>>;
      try {
        answer = await hop(url, signal);
      } catch (error) {
        if (signal.aborted) throw new UnshortenError('timeout', 'The link did not answer in time');
        if ((error as { code?: string }).code === 'EPRIVATEADDRESS')
          throw new UnshortenError('private', 'The link leads to a private address');
        throw new UnshortenError('unreachable', 'The link cannot be followed');
      }
      if (answer.status < 300 || answer.status >= 400 || !answer.location) return url.href;
      if (hops >= UNSHORTEN_MAX_HOPS)
        throw new UnshortenError('hops', 'The link redirects too many times');
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new UnshortenError('unreachable', 'The link cannot be followed');
      }
    }
  };
}

export type Unshortener = ReturnType<typeof createUnshortener>;
