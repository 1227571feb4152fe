import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spriteSvg } from '#client/components/icons/glyphs.ts';

/**
 * Writes the icon sprite (client/components/icons/glyphs.ts) into the assets folder under a
 * name with its content's hash, so it is cached for good like the chunks; answers its URL.
 */
export async function writeIconSprite(assetsDir: string): Promise<string> {
  const svg = spriteSvg();
  const name = `icons-${createHash('sha256').update(svg).digest('hex').slice(0, 8)}.svg`;
  await writeFile(path.join(assetsDir, name), svg);
  return `/assets/${name}`;
}
