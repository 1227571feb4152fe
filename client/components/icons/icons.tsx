import { useContext } from 'react';
import type { IconName } from './glyphs.ts';
import { IconSpriteContext } from './sprite-context.ts';

export type { IconName } from './glyphs.ts';

/** A small UI icon from the sprite (client/components/icons/glyphs.ts), in currentColor. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  const sprite = useContext(IconSpriteContext);
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
