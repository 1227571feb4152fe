import type { Platform } from '../../../shared/platforms.ts';

/** Simplified marks of the six platforms, drawn in currentColor (24×24 grid). */
const GLYPHS: Record<Platform, React.ReactNode> = {
  instagram: (
    <>
      <rect
        x="3"
        y="3"
        width="18"
        height="18"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.3" fill="currentColor" />
    </>
  ),
  tiktok: (
    <path
      fill="currentColor"
      d="M16.6 3c.3 2.3 1.7 3.8 4 4v3.1a7 7 0 0 1-4-1.3v6.4A6 6 0 1 1 10.4 9v3.2a2.9 2.9 0 1 0 2.1 2.8V3h4.1Z"
    />
  ),
  vk: (
    <path
      fill="currentColor"
      d="M12.9 18C6.5 18 2.9 13.6 2.7 6.3h3.2c.1 5.4 2.5 7.7 4.4 8.1V6.3h3v4.6c1.9-.2 3.8-2.3 4.5-4.6h3c-.5 2.8-2.6 4.9-4 5.8 1.5.7 3.9 2.6 4.8 5.9h-3.3c-.7-2.2-2.5-3.9-5-4.2V18h-.4Z"
    />
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4.5" fill="currentColor" />
      <path d="M10 9v6l5.2-3L10 9Z" fill="#fff" />
    </>
  ),
  telegram: (
    <path
      fill="currentColor"
      d="M20.7 4.2 2.9 11c-1.2.5-1.2 1.2-.2 1.5l4.5 1.4 1.7 5.3c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.1c.3-1.3-.5-1.8-1.4-1.4ZM8.6 13.6l9.3-5.9c.4-.3.8-.1.5.2l-7.7 7-.3 3.3-1.8-4.6Z"
    />
  ),
  threads: (
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M17.5 8.2C16.6 5.4 14.6 4 12.1 4 7.9 4 5.5 7.1 5.5 12s2.4 8 6.6 8c3.5 0 5.9-2 5.9-4.8 0-2.6-2.1-4.1-5.3-4.1-2.2 0-3.7 1-3.7 2.6 0 1.4 1.1 2.3 2.7 2.3 2.4 0 3.6-1.9 3.6-5.2 0-2-.9-3.3-2.9-3.3-1.3 0-2.3.6-2.8 1.5"
    />
  ),
};

export function PlatformIcon({ platform, size = 24 }: { platform: Platform; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {GLYPHS[platform]}
    </svg>
  );
}
