import { isPlatformLink } from './link-rules.ts';
import { shortLinkOf } from './short-links.ts';

/** The short links the order form follows before checking them (POST unshorten). */
describe('short links', () => {
  it('are the share links and shorteners, to be followed as https', () => {
    expect(shortLinkOf('https://vm.tiktok.com/ZMhvqjLcT/')).toBe(
      'https://vm.tiktok.com/ZMhvqjLcT/',
    );
    expect(shortLinkOf(' vt.tiktok.com/ZSabc123/ ')).toBe('https://vt.tiktok.com/ZSabc123/');
    expect(shortLinkOf('https://www.tiktok.com/t/ZTRabc123/')).toBe(
      'https://www.tiktok.com/t/ZTRabc123/',
    );
    expect(shortLinkOf('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe(
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
    );
    expect(shortLinkOf('http://bit.ly/3xYz')).toBe('http://bit.ly/3xYz');
    expect(shortLinkOf('t.co/AbCdE')).toBe('https://t.co/AbCdE');
    expect(shortLinkOf('https://clck.ru/3AbCd')).toBe('https://clck.ru/3AbCd');
  });

  it('are not a platform’s own pages, a bare login, a shortener’s front page or a lookalike', () => {
    for (const line of [
      'https://www.tiktok.com/@khaby.lame/video/7234567890123456789',
      'https://www.instagram.com/p/C8xYz12AbCd/',
      'bit.ly',
      'https://bit.ly/',
      'https://bit.ly.evil.io/abc',
      'https://evilbit.ly/abc',
      'khaby.lame',
      '',
      'javascript:alert(1)',
    ])
      expect([line, shortLinkOf(line)]).toEqual([line, null]);
  });

  it('are kept followed only when they lead to a platform’s link', () => {
    expect(isPlatformLink('https://www.tiktok.com/@user/video/7234567890123456789?_r=1')).toBe(
      true,
    );
    expect(isPlatformLink('https://www.tiktok.com/@user?_t=8abc')).toBe(true);
    expect(isPlatformLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be')).toBe(
      true,
    );
    // a consent or login wall, another site, a platform's front page
    expect(
      isPlatformLink('https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com'),
    ).toBe(false);
    expect(isPlatformLink('https://example.com/landing')).toBe(false);
    expect(isPlatformLink('https://www.tiktok.com/')).toBe(false);
  });
});
