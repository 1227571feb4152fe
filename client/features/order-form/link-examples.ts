import type { LinkKind } from '../../../shared/link-rules.ts';

/** What the login/link field shows as its placeholder: a real-looking example of the first kind. */
const EXAMPLES: Record<string, Partial<Record<LinkKind, string>>> = {
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

export function linkExample(platform: string, kinds: readonly LinkKind[]): string {
  const first = kinds[0];
  return (first && EXAMPLES[platform]?.[first]) ?? 'https://';
}
