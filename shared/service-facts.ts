import { DELIVERY_CAPS, type DeliveryCap, type Platform, type ServiceKind } from './platforms.ts';

/**
 * What the cabinet tells about a service beside the order form: when it starts (docs/product.md §1
 * launch times) and how fast it delivers (docs/product.md §13's caps), by platform and kind.
 */
export type LaunchKey = 'likesAndViews' | 'followers' | 'storyViews' | 'shares' | 'youtube';

const LAUNCH_OF_KIND: Record<ServiceKind, LaunchKey> = {
  likes: 'likesAndViews',
  views: 'likesAndViews',
  'reels-views': 'likesAndViews',
  'auto-likes': 'likesAndViews',
  'auto-views': 'likesAndViews',
  reactions: 'likesAndViews',
  comments: 'likesAndViews',
  followers: 'followers',
  friends: 'followers',
  'story-views': 'storyViews',
  reposts: 'shares',
};

/** docs/product.md §1: YouTube orders start within 24 hours, the rest by their kind. */
export function launchOf(platform: string, kind: string): LaunchKey | null {
  if (platform === 'youtube') return 'youtube';
  return LAUNCH_OF_KIND[kind as ServiceKind] ?? null;
}

export type Speed = Pick<DeliveryCap, 'min' | 'max' | 'per'>;

/**
 * Which service kinds each of a platform's caps (DELIVERY_CAPS, by its message key) is about:
 * the cabinet's facts need it, the landings do not (so it is not in their first visit).
 */
const KINDS_OF_CAP: Partial<Record<Platform, Record<string, readonly ServiceKind[]>>> = {
  instagram: {
    'caps.autoLikesAndLikes': ['auto-likes', 'likes'],
    'caps.autoViewsAndViews': ['auto-views', 'views'],
    'caps.commentsAndFollowers': ['comments', 'followers'],
    'caps.reelsViews': ['reels-views'],
    'caps.storyViews': ['story-views'],
  },
  telegram: { 'caps.followers': ['followers'], 'caps.postViews': ['views'] },
  tiktok: {
    'caps.followers': ['followers'],
    'caps.likes': ['likes', 'auto-likes'],
    'caps.shares': ['reposts'],
    'caps.views': ['views', 'auto-views'],
  },
  vk: {
    'caps.likesFollowersFriends': ['likes', 'auto-likes', 'followers', 'friends'],
    'caps.comments': ['comments'],
    'caps.postAndVideoViews': ['views'],
  },
  youtube: { 'caps.likes': ['likes'], 'caps.subscribers': ['followers'], 'caps.views': ['views'] },
};

/**
 * How fast a service delivers: the cap the marketing copy states for it (docs/product.md §13, one source
 * with the landings: DELIVERY_CAPS), or null when the copy states none.
 */
export function speedOf(platform: string, kind: string): Speed | null {
  const kinds = KINDS_OF_CAP[platform as Platform] ?? {};
  const caps = DELIVERY_CAPS[platform as Platform] ?? [];
  return (
    caps.find((cap) => (kinds[cap.key] as readonly string[] | undefined)?.includes(kind)) ?? null
  );
}
