import { renderToString } from 'react-dom/server';
import { PLATFORMS } from '#shared/platforms.ts';
import { platformSymbol, spriteSvg, UI_ICONS } from './glyphs.ts';
import { Icon } from './icons.tsx';
import { PlatformIcon } from './platform-icon.tsx';
import { IconSpriteContext } from './sprite-context.ts';

const SPRITE = '/assets/icons-TEST.svg';
const inPage = (node: React.ReactNode) =>
  renderToString(<IconSpriteContext.Provider value={SPRITE}>{node}</IconSpriteContext.Provider>);
const symbolIds = [...spriteSvg().matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

describe('the icon sprite', () => {
  it('has a symbol for every UI icon and every platform, once', () => {
    const expected = [...Object.keys(UI_ICONS), ...PLATFORMS.map(platformSymbol)];
    expect([...symbolIds].sort()).toEqual([...expected].sort());
  });

  it('is a standalone SVG document', () => {
    expect(spriteSvg()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">/);
  });

  it('an icon on a page is a reference into the sprite, at its size', () => {
    const html = inPage(<Icon name="check" size={16} />);
    expect(html).toContain(`href="${SPRITE}#check"`);
    expect(html).toContain('width="16"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('<path');
  });

  it.each(PLATFORMS)('the %s mark points at a symbol the sprite has', (platform) => {
    const href = /href="[^"#]*#([^"]+)"/.exec(inPage(<PlatformIcon platform={platform} />))?.[1];
    expect(symbolIds).toContain(href);
  });
});
