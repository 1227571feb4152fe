import { META_PLATFORMS, type Platform } from '#shared/platforms.ts';

/** The landing page of each platform: Instagram is the home page (docs/product.md §2). */
export const PLATFORM_PAGE: Record<Platform, string> = {
  instagram: 'home',
  tiktok: 'tiktok',
  vk: 'vk',
  youtube: 'youtube',
  telegram: 'telegram',
  threads: 'threads',
};

/** Navigation order: the biggest markets first. */
const NAV_PLATFORMS: Platform[] = ['instagram', 'tiktok', 'telegram', 'youtube', 'vk', 'threads'];

/** The platforms the header and footer link to: none of Meta's where they are restricted. */
export function navPlatforms(metaRestricted: boolean): Platform[] {
  return metaRestricted
    ? NAV_PLATFORMS.filter((platform) => !META_PLATFORMS.includes(platform))
    : NAV_PLATFORMS;
}
