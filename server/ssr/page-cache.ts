import type { ServerResponse } from 'node:http';

/**
 * Rendered pages of anonymous visitors, kept in memory for a short while. A page depends on
 * the URL and the visitor's variant (locale, currency, country, device flags) and on nothing
 * else at this stage; the per-request CSP nonce is cut out when a page is stored and the fresh
 * one put back on every hit, so a cached page is byte-for-byte what a render would send.
 * Logged-in visitors (an auth cookie) are never served from or stored in the cache.
 */
export interface CachedPage {
  status: number;
  /** The document split at each occurrence of the nonce it was rendered with. */
  parts: Buffer[];
}

export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; expires: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(maxEntries: number, ttlMs: number, now: () => number = Date.now) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get enabled(): boolean {
    return this.maxEntries > 0 && this.ttlMs > 0;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // refresh its place: the Map's order is the eviction order (least recently used first)
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, status: number, html: Buffer, nonce: string): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, {
      page: { status, parts: splitBuffer(html, nonce) },
      expires: this.now() + this.ttlMs,
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every page (after a staff write: prices, services, articles show at once). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The cached document with a fresh nonce in every place the old one stood, as the pieces to
 * write (the stored parts themselves, not a copy: a hit allocates only the nonce).
 */
export function withNonce(page: CachedPage, nonce: string): Buffer[] {
  const separator = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(separator);
    pieces.push(part);
  });
  return pieces;
}

function splitBuffer(buffer: Buffer, separator: string): Buffer[] {
  const needle = Buffer.from(separator);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = buffer.indexOf(needle, start); at >= 0; at = buffer.indexOf(needle, start)) {
    parts.push(buffer.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

/**
 * Sends a cached page with this response's nonce: the stored parts around it, not a copy of
 * the page per hit. Node corks the socket for the tick, so they leave in one writev;
 * res.cork() is not used: it ends the compression middleware's chunked body early.
 */
export function sendCached(res: ServerResponse, page: CachedPage, nonce: string): void {
  const pieces = withNonce(page, nonce);
  let length = 0;
  for (const piece of pieces) length += piece.length;
  res.setHeader('Content-Length', length);
  for (let i = 0; i < pieces.length - 1; i++) res.write(pieces[i]);
  res.end(pieces[pieces.length - 1]);
}
