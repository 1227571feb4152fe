import { useContext } from 'react';
import type { Platform } from '#shared/platforms.ts';
import { platformSymbol } from './glyphs.ts';
import { IconSpriteContext } from './sprite-context.ts';

/** A platform's mark from the sprite (client/components/icons/glyphs.ts), in currentColor. */
export function PlatformIcon({ platform, size = 24 }: { platform: Platform; size?: number }) {
  const sprite = useContext(IconSpriteContext);
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${platformSymbol(platform)}`} />
    </svg>
  );
}
