import { checkLink, PLATFORM_LINK_KINDS } from './link-rules.ts';
import { LINK_EXAMPLES, PLATFORMS } from './platforms.ts';

describe('LINK_EXAMPLES', () => {
  it.each(PLATFORMS)('%s: an example of each kind the platform takes', (platform) => {
    expect(Object.keys(LINK_EXAMPLES[platform]).sort()).toEqual(
      [...PLATFORM_LINK_KINDS[platform]].sort(),
    );
  });

  it.each(
    PLATFORMS.flatMap((platform) =>
      Object.entries(LINK_EXAMPLES[platform]).map(([kind, link]) => [platform, kind, link]),
    ),
  )('%s %s: %s passes the link rules as that kind', (platform, kind, link) => {
    const check = checkLink(platform as never, [kind as never], link as string);
    expect(check).toMatchObject({ ok: true, kind });
  });
});
