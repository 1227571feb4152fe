import { matching, ms, text } from './parsers.ts';
import { setting } from './reader.ts';

/** The stores: SQL (PostgreSQL or the embedded SQLite file) and Redis with the live channel. */
export const database = {
  databaseUrl: setting({
    env: 'DATABASE_URL',
    default: null,
    parse: matching(/^postgres(ql)?:\/\//, 'a postgres:// URL'),
    doc: 'PostgreSQL; without it the SQLite file',
  }),
  databaseFile: setting({
    env: 'DATABASE_FILE',
    default: (earlier) => (earlier.NODE_ENV === 'test' ? ':memory:' : 'var/storefront.sqlite'),
    docDefault: '`var/storefront.sqlite` (`:memory:` in test)',
    parse: text('a file path'),
    doc: 'the SQLite file, created and migrated at start',
  }),
  redisUrl: setting({
    env: 'REDIS_URL',
    default: null,
    parse: matching(/^rediss?:\/\//, 'a redis:// or rediss:// URL'),
    doc: "the live channel's adapter and the shared rate limits",
  }),
  liveChannelKey: setting({
    env: 'LIVE_CHANNEL_KEY',
    default: 'socket.io',
    parse: matching(/^[\w.:-]{1,64}$/, 'letters, digits, . : _ - (at most 64)'),
    doc: 'the Redis prefix that keeps deployments sharing a Redis apart',
  }),
  livePushMs: setting({
    env: 'LIVE_PUSH_MS',
    default: 500,
    parse: ms(50, 60_000),
    doc: 'how often a process looks for notifications not yet pushed live',
  }),
};
