/**
 * Checks of the login or link a buyer enters on the order form, per platform and per the link
 * kinds the chosen service accepts. Hand-written parsing rather than `new URL()`: the WHATWG
 * parser silently repairs input (backslashes, userinfo, encoded hosts) that we want refused.
 */
import type { Platform } from './platforms.ts';

export const LINK_KINDS = ['account', 'post', 'video', 'story', 'channel', 'community'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export type LinkError = 'required' | 'invalid';
export type LinkCheck =
  | { ok: true; kind: LinkKind; value: string }
  | { ok: false; error: LinkError };

/** Which kinds exist per platform (a service's accepted kinds are a subset). */
export const PLATFORM_LINK_KINDS: Record<Platform, readonly LinkKind[]> = {
  instagram: ['account', 'post', 'video', 'story'],
  tiktok: ['account', 'video'],
  vk: ['account', 'community', 'post', 'video'],
  youtube: ['channel', 'video'],
  telegram: ['channel', 'post', 'story'],
  threads: ['account', 'post'],
};

export function isLinkKind(value: unknown): value is LinkKind {
  return typeof value === 'string' && (LINK_KINDS as readonly string[]).includes(value);
}

const LINK_MAX_LENGTH = 2048;

/** A link split into the parts the rules look at; `host` has www./m./mobile. removed. */
interface Link {
  host: string;
  path: string[];
  query: string;
}

interface KindRule {
  /** A bare login, already without its leading '@'. */
  bare?: (name: string) => boolean;
  link?: (link: Link) => boolean;
}

// Whitespace, control characters and characters a pasted link never has unencoded.
const UNSAFE = /[\s\p{Cc}<>"'`\\{}|^]/u;
const HTTP_SCHEME = /^(https?):\/\//i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
const HOST_PREFIX = /^(?:www|m|mobile)\./;

const DIGITS = /^\d+$/;
const CODE = /^[A-Za-z0-9_-]+$/;

const IG_HOSTS = ['instagram.com', 'instagr.am'];
const TIKTOK_HOSTS = ['tiktok.com'];
const TIKTOK_SHORT_HOSTS = ['vm.tiktok.com', 'vt.tiktok.com'];
const VK_HOSTS = ['vk.com', 'vk.ru', 'vkontakte.ru'];
const VK_VIDEO_HOSTS = [...VK_HOSTS, 'vkvideo.ru'];
const YOUTUBE_HOSTS = ['youtube.com'];
const YOUTUBE_SHORT_HOSTS = ['youtu.be'];
const TELEGRAM_HOSTS = ['t.me', 'telegram.me'];
const THREADS_HOSTS = ['threads.net', 'threads.com'];

/**
 * A bare input naming one of these hosts is read as a link, so that 'instagram.com.evil.io'
 * is not taken for a username. Short hosts need a label boundary before them ('art.me' is a
 * fine username); the distinctive ones do not ('evilinstagram.com').
 */
const SHORT_HOSTS = ['t.me', 'vk.com', 'vk.ru'];
const MENTIONS_HOST = new RegExp(
  `(?:(?:^|\\.)(?:${SHORT_HOSTS.map(escapeRegExp).join('|')})|${[
    ...IG_HOSTS,
    ...TIKTOK_HOSTS,
    'vkontakte.ru',
    'vkvideo.ru',
    ...YOUTUBE_HOSTS,
    ...YOUTUBE_SHORT_HOSTS,
    'telegram.me',
    ...THREADS_HOSTS,
  ]
    .map(escapeRegExp)
    .join('|')})(?:$|[.:])`,
  'i',
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Parsed = { bare: string } | { link: Link; value: string } | null;

/** Splits trimmed input into a bare login or a link; null when it can be neither. */
function parse(input: string): Parsed {
  if (UNSAFE.test(input)) return null;
  const scheme = HTTP_SCHEME.exec(input);
  let protocol = 'https';
  let rest = input;
  if (scheme) {
    protocol = scheme[1]!.toLowerCase();
    rest = input.slice(scheme[0].length);
  } else if (ANY_SCHEME.test(input)) {
    // javascript:, data:, tg:, and 'host:port' without a scheme
    return null;
  } else if (!/[/?#]/.test(input) && !MENTIONS_HOST.test(input)) {
    return { bare: input.startsWith('@') ? input.slice(1) : input };
  }
  const end = rest.search(/[/?#]/);
  const authority = (end === -1 ? rest : rest.slice(0, end)).toLowerCase();
  const tail = end === -1 ? '' : rest.slice(end);
  // no userinfo ('instagram.com@evil.io'), no port, no trailing dot
  if (!HOST.test(authority)) return null;
  const hash = tail.indexOf('#');
  const beforeHash = hash === -1 ? tail : tail.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const pathPart = mark === -1 ? beforeHash : beforeHash.slice(0, mark);
  const trimmed = pathPart.replace(/^\//, '').replace(/\/$/, '');
  return {
    link: {
      host: authority.replace(HOST_PREFIX, ''),
      path: trimmed === '' ? [] : trimmed.split('/'),
      query: mark === -1 ? '' : beforeHash.slice(mark + 1),
    },
    value: `${protocol}://${authority}${tail}`,
  };
}

/** The raw (undecoded) value of the first `key` parameter. */
function param(link: Link, key: string): string | undefined {
  for (const pair of link.query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === key) return pair.slice(eq + 1);
  }
  return undefined;
}

type Segment = string | RegExp | ((segment: string) => boolean);

/** True when the link is on one of `hosts` and its path is exactly `segments`. */
function at(link: Link, hosts: readonly string[], ...segments: Segment[]): boolean {
  return (
    hosts.includes(link.host) &&
    link.path.length === segments.length &&
    segments.every((rule, i) => {
      const segment = link.path[i]!;
      if (typeof rule === 'string') return segment === rule;
      if (rule instanceof RegExp) return rule.test(segment);
      return rule(segment);
    })
  );
}

const oneOf =
  (...values: string[]) =>
  (segment: string) =>
    values.includes(segment);
const handle = (test: (name: string) => boolean) => (segment: string) =>
  segment.startsWith('@') && test(segment.slice(1));

// Instagram and Threads share logins.
const IG_USER = /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/;
const IG_RESERVED = new Set([
  'p',
  'reel',
  'reels',
  'tv',
  'igtv',
  'stories',
  'explore',
  'accounts',
  'direct',
  'about',
  'developer',
  'legal',
  'web',
  'challenge',
  'emails',
  'session',
  'oauth',
  'api',
  'graphql',
  'static',
  'share',
  's',
  'ar',
  'privacy',
  'terms',
  'directory',
  'your_activity',
]);
const igUser = (name: string) => IG_USER.test(name);
const igProfile = (name: string) => igUser(name) && !IG_RESERVED.has(name.toLowerCase());
/** Profile tabs a buyer may copy instead of the bare profile. */
const igTab = oneOf('reels', 'tagged', 'saved', 'guides', 'feed');

function igMedia(link: Link, types: string[]): boolean {
  const type = oneOf(...types);
  return at(link, IG_HOSTS, type, CODE) || at(link, IG_HOSTS, igProfile, type, CODE);
}

const TIKTOK_USER = /^[A-Za-z0-9_.]{2,24}$/;
const tiktokUser = (name: string) => TIKTOK_USER.test(name);

const VK_ID = /^id\d+$/;
const VK_SHORT_NAME = /^[A-Za-z][A-Za-z0-9_.]{4,31}$/;
// object addresses such as wall-1_2, photo1_2, club1, app123 are never short names
const VK_OBJECT =
  /^(?:id|wall|photo|photos|video|videos|clip|clips|club|public|event|album|albums|audio|audios|topic|board|market|app|doc|note|page|poll|story|product)-?\d/i;
const VK_RESERVED = new Set([
  'feed',
  'im',
  'friends',
  'groups',
  'music',
  'video',
  'videos',
  'clips',
  'search',
  'settings',
  'messages',
  'login',
  'apps',
  'games',
  'services',
  'market',
  'audio',
  'audios',
  'photos',
  'albums',
  'docs',
  'bookmarks',
  'notifications',
  'support',
  'about',
  'stories',
  'podcasts',
  'narratives',
  'faves',
  'gifts',
  'calls',
  'discover',
  'restore',
  'terms',
  'privacy',
  'legal',
  'blog',
  'join',
  'wall',
  'photo',
  'clip',
  'club',
  'public',
  'event',
]);
const VK_COMMUNITY = /^(?:club|public|event)\d+$/;
const VK_WALL = /^wall-?\d+_\d+$/;
const VK_PHOTO = /^photo-?\d+_\d+$/;
const VK_VIDEO = /^(?:video|clip)-?\d+_\d+$/;
// '?z=' overlays carry a list suffix: 'video-1_2%2Fpl_cat_trends'
const VK_Z_VIDEO = /^(?:video|clip)-?\d+_\d+(?:$|\/|%2F)/i;
const VK_Z_PHOTO = /^photo-?\d+_\d+(?:$|\/|%2F)/i;
const VK_PATH = /^[A-Za-z0-9_.@-]+$/;
const vkAccount = (name: string) =>
  VK_ID.test(name) ||
  (VK_SHORT_NAME.test(name) && !VK_OBJECT.test(name) && !VK_RESERVED.has(name.toLowerCase()));
const vkCommunity = (name: string) => VK_COMMUNITY.test(name);

/** A post or video opened over another page: vk.com/club1?w=wall-1_2. */
function vkOverlay(link: Link): 'post' | 'video' | null {
  if (!VK_VIDEO_HOSTS.includes(link.host) || !link.path.every((s) => VK_PATH.test(s))) return null;
  const w = param(link, 'w');
  const z = param(link, 'z');
  if (z !== undefined && VK_Z_VIDEO.test(z)) return 'video';
  if (!VK_HOSTS.includes(link.host)) return null;
  if ((w !== undefined && VK_WALL.test(w)) || (z !== undefined && VK_Z_PHOTO.test(z))) {
    return 'post';
  }
  return null;
}

/** A profile or community page, unless a post or video is open over it. */
const vkPage = (test: (name: string) => boolean) => (link: Link) =>
  vkOverlay(link) === null && at(link, VK_HOSTS, test);

const YT_HANDLE = /^[A-Za-z0-9_.-]{3,30}$/;
const YT_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const YT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const YT_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const ytTab = oneOf(
  'featured',
  'videos',
  'shorts',
  'streams',
  'playlists',
  'community',
  'posts',
  'podcasts',
  'releases',
  'about',
);
const ytHandle = (name: string) => YT_HANDLE.test(name);

function ytChannelPage(link: Link): boolean {
  return (
    at(link, YOUTUBE_HOSTS, handle(ytHandle)) ||
    at(link, YOUTUBE_HOSTS, 'channel', YT_CHANNEL_ID) ||
    at(link, YOUTUBE_HOSTS, oneOf('c', 'user'), YT_NAME)
  );
}

/** The channel page or one of its tabs (youtube.com/@nasa/videos). */
function ytChannel(link: Link): boolean {
  const last = link.path.at(-1);
  return (
    ytChannelPage(link) ||
    (last !== undefined && ytTab(last) && ytChannelPage({ ...link, path: link.path.slice(0, -1) }))
  );
}

const TG_NAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;
const TG_RESERVED = new Set([
  'joinchat',
  'addstickers',
  'addemoji',
  'addtheme',
  'addlist',
  'setlanguage',
  'confirmphone',
  'share',
  'proxy',
  'socks',
  'login',
  'boost',
  'invoice',
  'giftcode',
  'contact',
]);
// invite hashes; '+' and digits only is a phone number, not a chat
const TG_INVITE = /^\+(?!\d+$)[A-Za-z0-9_-]{5,}$/;
const tgName = (name: string) => TG_NAME.test(name) && !TG_RESERVED.has(name.toLowerCase());

const RULES: Record<Platform, Partial<Record<LinkKind, KindRule>>> = {
  instagram: {
    account: {
      bare: igUser,
      link: (link) => at(link, IG_HOSTS, igProfile) || at(link, IG_HOSTS, igProfile, igTab),
    },
    post: { link: (link) => igMedia(link, ['p', 'reel', 'reels', 'tv']) },
    video: { link: (link) => igMedia(link, ['reel', 'reels', 'tv']) },
    story: {
      link: (link) =>
        at(link, IG_HOSTS, 'stories', igUser) || at(link, IG_HOSTS, 'stories', igUser, DIGITS),
    },
  },
  tiktok: {
    account: { bare: tiktokUser, link: (link) => at(link, TIKTOK_HOSTS, handle(tiktokUser)) },
    video: {
      link: (link) =>
        at(link, TIKTOK_HOSTS, handle(tiktokUser), oneOf('video', 'photo'), DIGITS) ||
        at(link, TIKTOK_HOSTS, 't', CODE) ||
        at(link, TIKTOK_SHORT_HOSTS, CODE),
    },
  },
  vk: {
    account: { bare: vkAccount, link: vkPage(vkAccount) },
    community: { bare: vkCommunity, link: vkPage(vkCommunity) },
    post: {
      link: (link) =>
        vkOverlay(link) === 'post' || at(link, VK_HOSTS, VK_WALL) || at(link, VK_HOSTS, VK_PHOTO),
    },
    video: {
      link: (link) => vkOverlay(link) === 'video' || at(link, VK_VIDEO_HOSTS, VK_VIDEO),
    },
  },
  youtube: {
    channel: { bare: ytHandle, link: ytChannel },
    video: {
      link: (link) =>
        (at(link, YOUTUBE_HOSTS, 'watch') && YT_VIDEO_ID.test(param(link, 'v') ?? '')) ||
        at(link, YOUTUBE_HOSTS, oneOf('shorts', 'live', 'embed'), YT_VIDEO_ID) ||
        at(link, YOUTUBE_SHORT_HOSTS, YT_VIDEO_ID),
    },
  },
  telegram: {
    channel: {
      bare: tgName,
      link: (link) =>
        at(link, TELEGRAM_HOSTS, tgName) ||
        at(link, TELEGRAM_HOSTS, 's', tgName) ||
        at(link, TELEGRAM_HOSTS, TG_INVITE) ||
        at(link, TELEGRAM_HOSTS, 'joinchat', CODE),
    },
    post: {
      link: (link) =>
        at(link, TELEGRAM_HOSTS, tgName, DIGITS) ||
        at(link, TELEGRAM_HOSTS, 's', tgName, DIGITS) ||
        at(link, TELEGRAM_HOSTS, 'c', DIGITS, DIGITS),
    },
    story: { link: (link) => at(link, TELEGRAM_HOSTS, tgName, 's', DIGITS) },
  },
  threads: {
    account: { bare: igUser, link: (link) => at(link, THREADS_HOSTS, handle(igUser)) },
    post: { link: (link) => at(link, THREADS_HOSTS, handle(igUser), 'post', CODE) },
  },
};

/** Checks input (trimmed) against the accepted kinds, in the order given; first match wins. */
export function checkLink(
  platform: Platform,
  kinds: readonly LinkKind[],
  input: string,
): LinkCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'required' };
  if (text.length > LINK_MAX_LENGTH) return { ok: false, error: 'invalid' };
  const parsed = parse(text);
  if (parsed === null) return { ok: false, error: 'invalid' };
  const rules = RULES[platform];
  for (const kind of kinds) {
    if (!PLATFORM_LINK_KINDS[platform].includes(kind)) continue;
    const rule = rules[kind];
    if ('bare' in parsed ? rule?.bare?.(parsed.bare) : rule?.link?.(parsed.link)) {
      return { ok: true, kind, value: 'bare' in parsed ? parsed.bare : parsed.value };
    }
  }
  return { ok: false, error: 'invalid' };
}

/** Whether a link is one of some platform's, of any kind (a followed short link is kept only then). */
export function isPlatformLink(url: string): boolean {
  return (Object.keys(PLATFORM_LINK_KINDS) as Platform[]).some(
    (platform) => checkLink(platform, PLATFORM_LINK_KINDS[platform], url).ok,
  );
}
