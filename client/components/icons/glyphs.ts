import type { Platform } from '#shared/platforms.ts';

/**
 * The drawings of our icons on a 24×24 grid, as SVG markup. The build draws them once into a
 * sprite (build/icon-sprite.ts, a hashed file under /assets/); a page shows an icon with
 * `<use href="sprite#name">`, so its markup carries a reference instead of the drawing, and
 * the browser bundle carries neither. Only names are imported by the components.
 */

/** Small UI icons, stroked in currentColor. */
export const UI_ICONS = {
  chevronDown: 'M6 9l6 6 6-6',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3.5 2',
  shield: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3Z',
  globeCheck: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-3.5 9 2.5 2.5 4.5-5',
  bolt: 'M13 3 5 13.5h6L10 21l8-10.5h-6L13 3Z',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H4zM17 13h3v5h-3zM20 18c0 1.5-2 2.5-5 2.5',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  arrowLeft: 'M15 6l-6 6 6 6',
  arrowRight: 'M9 6l6 6-6 6',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16ZM10 20.5a2 2 0 0 0 4 0',
  bag: 'M5 8h14l-1 12H6L5 8Zm4 0V6.5a3 3 0 0 1 6 0V8',
  wallet: 'M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4V7Zm0 0 11-3v3M16 13.5h.01',
  gift: 'M4 10h16v4H4zM6 14h12v6H6zM12 10v10M12 10c-1.5-3-5-4-5-1.5S10 10 12 10Zm0 0c1.5-3 5-4 5-1.5S14 10 12 10Z',
  star: 'M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8L12 3.5Z',
  arrowUp: 'M12 20V5M6 11l6-6 6 6',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  send: 'M21 3 3 10.5l7 2.5 2.5 7L21 3ZM10 13l5-5',
  chat: 'M4 20l1.5-4A8 8 0 1 1 9 19.5L4 20Z',
} as const;

export type IconName = keyof typeof UI_ICONS;

const STROKE =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** Simplified marks of the six platforms, drawn in currentColor. */
export const PLATFORM_GLYPHS: Record<Platform, string> = {
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<circle cx="17.3" cy="6.7" r="1.3" fill="currentColor"/>',
  tiktok:
    '<path fill="currentColor" d="M16.6 3c.3 2.3 1.7 3.8 4 4v3.1a7 7 0 0 1-4-1.3v6.4A6 6 0 1 1 10.4 9v3.2a2.9 2.9 0 1 0 2.1 2.8V3h4.1Z"/>',
  vk: '<path fill="currentColor" d="M12.9 18C6.5 18 2.9 13.6 2.7 6.3h3.2c.1 5.4 2.5 7.7 4.4 8.1V6.3h3v4.6c1.9-.2 3.8-2.3 4.5-4.6h3c-.5 2.8-2.6 4.9-4 5.8 1.5.7 3.9 2.6 4.8 5.9h-3.3c-.7-2.2-2.5-3.9-5-4.2V18h-.4Z"/>',
  youtube:
    '<rect x="2" y="5" width="20" height="14" rx="4.5" fill="currentColor"/>' +
    '<path d="M10 9v6l5.2-3L10 9Z" fill="#fff"/>',
  telegram:
    '<path fill="currentColor" d="M20.7 4.2 2.9 11c-1.2.5-1.2 1.2-.2 1.5l4.5 1.4 1.7 5.3c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.1c.3-1.3-.5-1.8-1.4-1.4ZM8.6 13.6l9.3-5.9c.4-.3.8-.1.5.2l-7.7 7-.3 3.3-1.8-4.6Z"/>',
  threads:
    '<path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M17.5 8.2C16.6 5.4 14.6 4 12.1 4 7.9 4 5.5 7.1 5.5 12s2.4 8 6.6 8c3.5 0 5.9-2 5.9-4.8 0-2.6-2.1-4.1-5.3-4.1-2.2 0-3.7 1-3.7 2.6 0 1.4 1.1 2.3 2.7 2.3 2.4 0 3.6-1.9 3.6-5.2 0-2-.9-3.3-2.9-3.3-1.3 0-2.3.6-2.8 1.5"/>',
};

/** The sprite's id of a platform's mark (UI icons go by their own names). */
export const platformSymbol = (platform: Platform) => `p-${platform}`;

/** The whole sprite: one <symbol> per icon. */
export function spriteSvg(): string {
  const symbols = [
    ...Object.entries(UI_ICONS).map(
      ([name, d]) => `<symbol id="${name}" viewBox="0 0 24 24"><path ${STROKE} d="${d}"/></symbol>`,
    ),
    ...Object.entries(PLATFORM_GLYPHS).map(
      ([platform, body]) =>
        `<symbol id="${platformSymbol(platform as Platform)}" viewBox="0 0 24 24">${body}</symbol>`,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}
