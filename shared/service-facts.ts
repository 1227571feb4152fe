import type { ServiceKind } from './platforms.ts';

/**
 * What the cabinet tells about a service beside the order form: when it starts (SPEC §1
 * launch times) and how fast it delivers (CATALOG.md speeds), by platform and kind.
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

/** SPEC §1: YouTube orders start within 24 hours, the rest by their kind. */
export function launchOf(platform: string, kind: string): LaunchKey | null {
  if (platform === 'youtube') return 'youtube';
  return LAUNCH_OF_KIND[kind as ServiceKind] ?? null;
}

export interface Speed {
  min?: number;
  max: number;
  per: 'hour' | 'day';
}

/** CATALOG.md "Order limits and speeds", keyed `platform-kind`. */
export const SPEEDS: Readonly<Record<string, Speed>> = {
  'instagram-likes': { min: 120, max: 200, per: 'hour' },
  'instagram-auto-likes': { min: 120, max: 200, per: 'hour' },
  'instagram-followers': { max: 2_000, per: 'day' },
  'instagram-views': { max: 20_000, per: 'day' },
  'instagram-reels-views': { max: 20_000, per: 'day' },
  'instagram-auto-views': { max: 20_000, per: 'day' },
  'instagram-story-views': { max: 15_000, per: 'day' },
  'instagram-comments': { max: 50, per: 'hour' },
  'tiktok-likes': { min: 120, max: 200, per: 'hour' },
  'tiktok-auto-likes': { min: 120, max: 200, per: 'hour' },
  'tiktok-followers': { max: 2_000, per: 'day' },
  'tiktok-views': { max: 500_000, per: 'day' },
  'tiktok-auto-views': { max: 500_000, per: 'day' },
  'youtube-likes': { max: 10_000, per: 'day' },
  'youtube-followers': { max: 10_000, per: 'day' },
  'youtube-views': { max: 10_000, per: 'day' },
  'vk-likes': { min: 10, max: 50, per: 'hour' },
  'vk-auto-likes': { min: 10, max: 50, per: 'hour' },
  'vk-followers': { max: 500, per: 'day' },
  'vk-friends': { max: 500, per: 'day' },
  'vk-comments': { max: 10, per: 'hour' },
  'vk-reposts': { min: 10, max: 20, per: 'hour' },
};

export const speedOf = (platform: string, kind: string): Speed | null =>
  SPEEDS[`${platform}-${kind}`] ?? null;
