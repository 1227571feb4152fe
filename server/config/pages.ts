import { int, ms, parseMetaRules, text } from './parsers.ts';
import { parser, setting } from './reader.ts';

/** The pages: rendering, the page cache, the folders they are made from, docs/product.md §2 meta rules. */
export const pages = {
  renderTimeoutMs: setting({
    env: 'RENDER_TIMEOUT_MS',
    default: 10_000,
    parse: ms(100, 120_000),
    doc: 'a render still streaming after this is aborted',
  }),
  clientDir: setting({
    env: 'CLIENT_DIR',
    default: 'dist/client',
    parse: text('a folder'),
    doc: 'the browser build (manifest.json and assets/)',
  }),
  contentDir: setting({
    env: 'CONTENT_DIR',
    default: 'content',
    parse: text('a folder'),
    doc: 'legal texts and articles',
  }),
  staticDir: setting({
    env: 'STATIC_DIR',
    default: 'static',
    parse: text('a folder'),
    doc: "files served as they are at the site's root",
  }),
  pageCacheMaxEntries: setting({
    env: 'PAGE_CACHE_MAX_ENTRIES',
    default: 1000,
    parse: int(0, 1_000_000, 'a count (0-1000000)'),
    doc: 'rendered pages of anonymous visitors kept in memory (0: no cache)',
  }),
  pageCacheTtlMs: setting({
    env: 'PAGE_CACHE_TTL_MS',
    default: 60_000,
    parse: ms(0, 86_400_000),
    doc: 'how long a cached page is served',
  }),
  metaRules: setting({
    env: 'META_RULES',
    default: [],
    parse: parser(
      'rules like example.ru:RU,BY;shop.example:* (host, then ISO countries or *)',
      parseMetaRules,
    ),
    doc: 'hosts whose visitors from these countries see no Meta platforms',
  }),
};
