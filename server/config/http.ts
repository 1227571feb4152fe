import { bool, count, cspSources, int, ms, origin, originOf, text, trust } from './parsers.ts';
import { parser, setting } from './reader.ts';

const sources = parser('space-separated origins or schemes', cspSources);

/** The HTTP server: where it listens, what it trusts, its headers, bodies and timeouts. */
export const http = {
  host: setting({
    env: 'HOST',
    default: '0.0.0.0',
    parse: text('a host'),
    doc: 'interface to listen on',
  }),
  port: setting({
    env: 'PORT',
    default: 3000,
    parse: int(0, 65_535, 'a port number (0-65535)'),
    doc: 'port to listen on (0 picks a free one)',
  }),
  publicUrl: setting({
    env: 'PUBLIC_URL',
    default: (earlier) => `http://localhost:${Number(earlier.PORT) || 3000}`,
    docDefault: '`http://localhost:$PORT`',
    parse: origin('an http(s) origin such as https://example.com'),
    doc: 'the origin of canonical links, mails and payment return addresses',
  }),
  trustProxy: setting({
    env: 'TRUST_PROXY',
    default: false,
    parse: trust,
    doc: "Express 'trust proxy': who may set X-Forwarded-For",
  }),
  compression: setting({
    env: 'COMPRESSION',
    default: true,
    parse: bool,
    doc: 'gzip/brotli responses',
  }),
  compressionLevel: setting({
    env: 'COMPRESSION_LEVEL',
    default: -1,
    parse: int(-1, 9, 'a zlib level (-1 to 9)'),
    doc: "zlib level (-1: zlib's default, 6)",
  }),
  compressionThreshold: setting({
    env: 'COMPRESSION_THRESHOLD',
    default: 1024,
    parse: int(0, 10_485_760, 'bytes (0-10485760)'),
    doc: 'the least size compressed, in bytes',
  }),
  bodyLimitBytes: setting({
    env: 'BODY_LIMIT_BYTES',
    default: 102_400,
    parse: int(1024, 10_485_760, 'bytes (1024-10485760)'),
    doc: 'the largest JSON or form body the API reads (larger: 413)',
  }),
  /** Sources added to the CSP's directives (analytics, CDNs). */
  cspExtra: {
    scriptSrc: setting({
      env: 'CSP_SCRIPT_SRC',
      default: [],
      parse: sources,
      doc: "added to the CSP's script-src",
    }),
    connectSrc: setting({
      env: 'CSP_CONNECT_SRC',
      default: [],
      parse: sources,
      doc: "added to the CSP's connect-src",
    }),
    imgSrc: setting({
      env: 'CSP_IMG_SRC',
      default: [],
      parse: sources,
      doc: "added to the CSP's img-src",
    }),
  },
  headersTimeoutMs: setting({
    env: 'HEADERS_TIMEOUT_MS',
    default: 60_000,
    parse: ms(1000, 600_000),
    doc: "Node's headersTimeout",
  }),
  keepAliveTimeoutMs: setting({
    env: 'KEEP_ALIVE_TIMEOUT_MS',
    default: 5000,
    parse: ms(0, 600_000),
    doc: 'an idle kept-alive connection is closed after this',
  }),
  requestTimeoutMs: setting({
    env: 'REQUEST_TIMEOUT_MS',
    default: 300_000,
    parse: ms(0, 3_600_000),
    doc: "Node's requestTimeout (0: none)",
  }),
  cspReportOnly: setting({
    env: 'CSP_REPORT_ONLY',
    default: false,
    parse: bool,
    doc: 'send the CSP as Report-Only',
  }),
  cspReportUri: setting({
    env: 'CSP_REPORT_URI',
    default: null,
    parse: parser(
      'a URL or an absolute path',
      (raw) => originOf(raw) ?? (raw.startsWith('/') ? raw : undefined),
    ),
    doc: 'where browsers report CSP violations',
  }),
  unshortenRateLimitPerMinute: setting({
    env: 'UNSHORTEN_RATE_LIMIT_PER_MINUTE',
    default: 30,
    parse: count(100_000),
    doc: 'POST /api/unshorten calls per address and minute',
  }),
  clientLogRateLimitPerMinute: setting({
    env: 'CLIENT_LOG_RATE_LIMIT_PER_MINUTE',
    default: 60,
    parse: count(100_000),
    doc: 'POST /api/logger calls per address and minute',
  }),
};
