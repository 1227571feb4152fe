import { DELIVERY_CAPS, type DeliveryCap, type Platform, type ServiceKind } from './platforms.ts';

/**
 * What the cabinet tells about a service beside the order form: when it starts (SPEC §1
 * launch times) and how fast it delivers (SPEC §9's caps), by platform and kind.
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

export type Speed = Pick<DeliveryCap, 'min' | 'max' | 'per'>;

/**
 * How fast a service delivers: the cap the marketing copy states for it (SPEC §9, one source
 * with the landings: DELIVERY_CAPS), or null when the copy states none.
 */
export function speedOf(platform: string, kind: string): Speed | null {
  const caps = DELIVERY_CAPS[platform as Platform] ?? [];
  return caps.find((cap) => (cap.kinds as readonly string[]).includes(kind)) ?? null;
}
