/** Platforms, their landing pages and the figures the site copy states (docs/product.md §1, §13). */
export const PLATFORMS = ['instagram', 'tiktok', 'vk', 'youtube', 'telegram', 'threads'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Meta-owned platforms: hidden where the meta-platform restriction is on (docs/product.md §2). */
export const META_PLATFORMS: readonly Platform[] = ['instagram', 'threads'];

export type ServiceKind =
  | 'likes'
  | 'followers'
  | 'views'
  | 'comments'
  | 'reposts'
  | 'auto-likes'
  | 'auto-views'
  | 'reels-views'
  | 'story-views'
  | 'friends'
  | 'reactions';

/**
 * A per-day (or per-hour) cap stated in the marketing copy (docs/product.md §13); `key` names the
 * message. The one source of these figures: the landings and the cabinet's facts beside its
 * order form (shared/service-facts.ts says which services each cap is about) both read it.
 */
export interface DeliveryCap {
  key: string;
  min?: number;
  max: number;
  per: 'day' | 'hour';
}

export const DELIVERY_CAPS: Record<Platform, DeliveryCap[]> = {
  instagram: [
    { key: 'caps.autoLikesAndLikes', max: 20_000, per: 'day' },
    { key: 'caps.autoViewsAndViews', max: 500_000, per: 'day' },
    {
      key: 'caps.commentsAndFollowers',
      max: 3_000,
      per: 'day',
    },
    { key: 'caps.reelsViews', max: 10_000, per: 'day' },
    { key: 'caps.storyViews', max: 10_000, per: 'day' },
  ],
  telegram: [
    { key: 'caps.followers', max: 1_000, per: 'day' },
    { key: 'caps.postViews', max: 500_000, per: 'day' },
  ],
  tiktok: [
    { key: 'caps.followers', max: 2_000, per: 'day' },
    { key: 'caps.likes', min: 120, max: 200, per: 'hour' },
    { key: 'caps.shares', max: 10_000, per: 'day' },
    { key: 'caps.views', max: 500_000, per: 'day' },
  ],
  vk: [
    {
      key: 'caps.likesFollowersFriends',
      max: 500,
      per: 'day',
    },
    { key: 'caps.comments', max: 200, per: 'day' },
    { key: 'caps.postAndVideoViews', max: 1_500, per: 'day' },
  ],
  youtube: [
    { key: 'caps.likes', max: 10_000, per: 'day' },
    { key: 'caps.subscribers', max: 300, per: 'day' },
    { key: 'caps.views', max: 5_000, per: 'day' },
  ],
  threads: [],
};

/** Launch times after payment, in minutes (docs/product.md §1). */
export const LAUNCH_TIMES: readonly {
  key: string;
  from: number;
  to: number;
  unit: 'minute' | 'hour';
  /** the platforms whose services this start time is about */
  platforms: readonly Platform[];
}[] = [
  {
    key: 'launch.likesAndViews',
    from: 5,
    to: 30,
    unit: 'minute',
    platforms: ['instagram', 'tiktok', 'telegram', 'vk', 'threads'],
  },
  {
    key: 'launch.followers',
    from: 5,
    to: 300,
    unit: 'minute',
    platforms: ['instagram', 'tiktok', 'telegram', 'vk', 'threads'],
  },
  {
    key: 'launch.storyViews',
    from: 5,
    to: 60,
    unit: 'minute',
    platforms: ['instagram', 'telegram'],
  },
  {
    key: 'launch.shares',
    from: 5,
    to: 120,
    unit: 'minute',
    platforms: ['tiktok', 'vk', 'threads'],
  },
  { key: 'launch.youtube', from: 0, to: 24, unit: 'hour', platforms: ['youtube'] },
];

/** The start times a platform's page shows: only its own services'. */
export const launchTimesOf = (platform: Platform) =>
  LAUNCH_TIMES.filter((item) => item.platforms.includes(platform));

/**
 * A real-looking link of each kind a platform takes (link-rules.ts): the order form's
 * placeholder and the mass order's example lines. Each one passes the link rules.
 */
export const LINK_EXAMPLES: Record<Platform, Readonly<Record<string, string>>> = {
  instagram: {
    account: 'https://www.instagram.com/username/',
    post: 'https://www.instagram.com/p/C8xYz12AbCd/',
    video: 'https://www.instagram.com/reel/C8xYz12AbCd/',
    story: 'https://www.instagram.com/stories/username/3456789012345678901/',
  },
  tiktok: {
    account: 'https://www.tiktok.com/@username',
    video: 'https://www.tiktok.com/@username/video/7301234567890123456',
  },
  vk: {
    account: 'https://vk.com/id123456',
    community: 'https://vk.com/club123456',
    post: 'https://vk.com/wall-123456_789',
    video: 'https://vk.com/video-123456_456239017',
  },
  youtube: {
    channel: 'https://www.youtube.com/@channel',
    video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  },
  telegram: {
    channel: 'https://t.me/channel',
    post: 'https://t.me/channel/123',
    story: 'https://t.me/channel/s/12',
  },
  threads: {
    account: 'https://www.threads.net/@username',
    post: 'https://www.threads.net/@username/post/C8xYz12AbCd',
  },
};
