import { PageCache, withNonce } from './page-cache.ts';

const html = (nonce: string) =>
  Buffer.from(`<script nonce="${nonce}"></script><p>x</p><script nonce="${nonce}">`);

describe('PageCache', () => {
  it('gives the page back with the fresh nonce in every place of the old one', () => {
    const cache = new PageCache(10, 1000);
    cache.set('k', 200, html('OLD'), 'OLD');
    const hit = cache.get('k')!;
    expect(Buffer.concat(withNonce(hit, 'NEW')).toString()).toBe(html('NEW').toString());
    expect(hit.status).toBe(200);
  });

  it('forgets pages after their time', () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    cache.set('k', 200, html('A'), 'A');
    now = 999;
    expect(cache.get('k')).toBeDefined();
    now = 1000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('evicts the least recently used page when full', () => {
    const cache = new PageCache(2, 60_000);
    cache.set('a', 200, html('n'), 'n');
    cache.set('b', 200, html('n'), 'n');
    cache.get('a');
    cache.set('c', 200, html('n'), 'n');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('stores nothing when turned off', () => {
    const cache = new PageCache(0, 60_000);
    cache.set('a', 200, html('n'), 'n');
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });
});
