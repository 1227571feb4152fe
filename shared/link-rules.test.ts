import {
  checkLink,
  isLinkKind,
  LINK_KINDS,
  type LinkKind,
  PLATFORM_LINK_KINDS,
} from './link-rules.ts';
import { PLATFORMS, type Platform } from './platforms.ts';

/** A valid input, already normalised, or [input, its normalised value]. */
type Valid = string | [input: string, value: string];
interface Cases {
  valid: Valid[];
  /** Invalid when only this kind is accepted. */
  invalid: string[];
}

const IG_POST = 'https://www.instagram.com/p/C1a2B3c4D5e/';
const TT_VIDEO = 'https://www.tiktok.com/@khaby.lame/video/7234567890123456789';
const YT_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** What buyers paste, per platform and kind. */
const CASES: { [P in Platform]: { [K in LinkKind]?: Cases } } = {
  instagram: {
    account: {
      valid: [
        'nasa',
        ['@nasa', 'nasa'],
        ['  natgeo.travel_1  ', 'natgeo.travel_1'],
        'a',
        'x'.repeat(30),
        'https://www.instagram.com/nasa/',
        ['instagram.com/nasa?igsh=MWd2bXo3', 'https://instagram.com/nasa?igsh=MWd2bXo3'],
        ['HTTPS://Instagram.COM/NASA', 'https://instagram.com/NASA'],
        'https://instagr.am/nasa',
        'https://m.instagram.com/nasa/reels/',
      ],
      invalid: [
        '.nasa',
        'nasa.',
        'na..sa',
        'x'.repeat(31),
        'nasa!',
        'наса',
        'instagram.com.evil.io',
        'https://instagram.com.evil.io/nasa',
        'https://evilinstagram.com/nasa',
        'https://www.instagram.com/explore/',
        'https://www.instagram.com/nasa/p/',
        'https://instagram.com:8080/nasa',
        'ftp://instagram.com/nasa',
        IG_POST,
        'https://www.tiktok.com/@nasa',
      ],
    },
    post: {
      valid: [
        IG_POST,
        'https://www.instagram.com/p/C1a2B3c4D5e/?igsh=MTc4MmM1YmI2Ng==',
        ['instagram.com/reel/C9xYz_-AbCd/', 'https://instagram.com/reel/C9xYz_-AbCd/'],
        'https://instagram.com/reels/C9xYzAbCd12/',
        'https://www.instagram.com/tv/CBk1mF9Jf3x/',
        'https://www.instagram.com/nasa/p/C1a2B3c4D5e/',
        'https://m.instagram.com/p/C1a2B3c4D5e',
      ],
      invalid: [
        'nasa',
        'https://www.instagram.com/nasa/',
        'https://www.instagram.com/p/',
        'https://www.instagram.com/p/C1a2$B3/',
        'https://www.instagram.com/p/C1a2B3c4D5e/extra/',
        'https://www.instagram.com/explore/p/C1a2B3c4D5e/',
        'https://www.instagram.com/stories/nasa/3456/',
        'https://instagram.com.evil.io/p/C1a2B3c4D5e/',
        'https://www.threads.net/@nasa/post/C1a2B3c4D5e',
      ],
    },
    video: {
      valid: [
        'https://www.instagram.com/reel/C9xYzAbCd12/',
        'https://www.instagram.com/reel/C9xYzAbCd12/?utm_source=ig_web_copy_link',
        'https://www.instagram.com/reels/C9xYzAbCd12/',
        'https://www.instagram.com/tv/CBk1mF9Jf3x',
        'https://www.instagram.com/nasa/reel/C9xYzAbCd12/',
        ['instagr.am/reel/C9xYzAbCd12', 'https://instagr.am/reel/C9xYzAbCd12'],
      ],
      invalid: [
        IG_POST,
        'nasa',
        'https://www.instagram.com/reels/',
        'https://www.instagram.com/reel/C9x yz/',
        'https://evilinstagram.com/reel/C9xYzAbCd12/',
        'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      ],
    },
    story: {
      valid: [
        'https://www.instagram.com/stories/nasa/3456789012345678901/',
        'https://www.instagram.com/stories/nasa/',
        [
          'instagram.com/stories/nasa/3456?utm_source=ig_story_item_share&igsh=abc',
          'https://instagram.com/stories/nasa/3456?utm_source=ig_story_item_share&igsh=abc',
        ],
        'https://www.instagram.com/stories/highlights/17912345678901234/',
        'https://m.instagram.com/stories/nat.geo/123',
      ],
      invalid: [
        'nasa',
        'https://www.instagram.com/stories/',
        'https://www.instagram.com/stories/nasa/abc/',
        'https://www.instagram.com/stories/.nasa/123/',
        IG_POST,
        'https://instagram.com.evil.io/stories/nasa/1/',
        'https://t.me/durov/s/5',
      ],
    },
  },
  tiktok: {
    account: {
      valid: [
        'khaby.lame',
        ['@khaby.lame', 'khaby.lame'],
        'ab',
        'https://www.tiktok.com/@khaby.lame',
        ['tiktok.com/@khaby.lame?lang=en', 'https://tiktok.com/@khaby.lame?lang=en'],
        'https://m.tiktok.com/@charlidamelio/',
      ],
      invalid: [
        'a',
        'x'.repeat(25),
        'khaby-lame',
        'https://www.tiktok.com/khaby.lame',
        TT_VIDEO,
        'https://vm.tiktok.com/@khaby.lame',
        'https://tiktok.com.evil.io/@khaby.lame',
        'https://www.instagram.com/khaby00/',
      ],
    },
    video: {
      valid: [
        TT_VIDEO,
        `${TT_VIDEO}?is_from_webapp=1&sender_device=pc`,
        'https://www.tiktok.com/@khaby.lame/photo/7345678901234567890',
        'https://vm.tiktok.com/ZMhvqjqjw/',
        'https://vt.tiktok.com/ZSjXyZ123/',
        'https://www.tiktok.com/t/ZTRabc123/',
        ['vm.tiktok.com/ZMhvqjqjw', 'https://vm.tiktok.com/ZMhvqjqjw'],
      ],
      invalid: [
        'khaby.lame',
        'https://www.tiktok.com/@khaby.lame',
        'https://www.tiktok.com/@khaby.lame/video/abc',
        'https://www.tiktok.com/video/7234567890123456789',
        'https://vm.tiktok.com/',
        'https://eviltiktok.com/@khaby.lame/video/7234567890123456789',
        'https://vm.tiktok.com.evil.io/ZMhvqjqjw/',
        'https://youtu.be/dQw4w9WgXcQ',
      ],
    },
  },
  vk: {
    account: {
      valid: [
        'durov',
        'id1',
        ['@durov', 'durov'],
        'https://vk.com/durov',
        'https://vk.com/id1',
        ['vk.ru/durov', 'https://vk.ru/durov'],
        'https://m.vk.com/id12345?from=search',
        'https://vkontakte.ru/durov',
        ['HTTPS://VK.COM/Durov', 'https://vk.com/Durov'],
      ],
      invalid: [
        'dur',
        '1durov',
        'https://vk.com/wall1_45616',
        'https://vk.com/club1',
        'https://vk.com/feed',
        'https://vk.com/video',
        'https://vk.com/durov/photos',
        'https://vk.com/durov?w=wall1_45616',
        'https://vk.com.evil.io/durov',
        'https://evilvk.com/durov',
        'https://vkvideo.ru/durov',
        'https://t.me/durov',
      ],
    },
    community: {
      valid: [
        'club1',
        'public22822305',
        'https://vk.com/club1',
        'https://vk.com/public22822305',
        'https://m.vk.com/event123456',
        ['vk.ru/club1?from=groups', 'https://vk.ru/club1?from=groups'],
      ],
      invalid: [
        'durov',
        'club',
        'clubabc',
        'https://vk.com/club-1',
        'https://vk.com/id1',
        'https://vk.com/club1?w=wall-1_2',
        'https://vk.com/wall-1_2',
        'https://vkvideo.ru/club1',
        'https://vk.com.evil.io/club1',
        'https://t.me/club12345',
      ],
    },
    post: {
      valid: [
        'https://vk.com/wall1_45616',
        'https://vk.com/wall-22822305_1234567',
        'https://vk.com/photo-22822305_457239017',
        'https://vk.com/club1?w=wall-1_2',
        'https://vk.com/feed?w=wall-22822305_1234567',
        'https://vk.com/?w=wall1_2',
        'https://m.vk.com/wall-1_2?reply=3',
        [
          'vk.com/durov?z=photo1_456264771%2Falbum1_0',
          'https://vk.com/durov?z=photo1_456264771%2Falbum1_0',
        ],
      ],
      invalid: [
        'wall-1_2',
        'https://vk.com/wall-1',
        'https://vk.com/wall-1_2_3',
        'https://vk.com/club1?w=wallx',
        'https://vk.com/durov',
        'https://vk.com/video-1_2',
        'https://vkvideo.ru/wall-1_2',
        'https://vk.com.evil.io/wall-1_2',
        IG_POST,
      ],
    },
    video: {
      valid: [
        'https://vk.com/video-22822305_456241312',
        'https://vk.com/video1_2',
        'https://vk.com/clip-22822305_456239091',
        'https://vkvideo.ru/video-22822305_456241312',
        'https://vk.com/video?z=video-22822305_456241312%2Fpl_cat_trends',
        'https://vk.com/club1?z=video-1_2',
        'https://m.vk.com/video-1_2?list=abc',
      ],
      invalid: [
        'video-1_2',
        'https://vk.com/video',
        'https://vk.com/video-1',
        'https://vk.com/video-1_2/extra',
        'https://vk.com/wall-1_2',
        'https://vk.com/club1?z=photo-1_2',
        'https://evilvkvideo.ru/video-1_2',
        YT_VIDEO,
      ],
    },
  },
  youtube: {
    channel: {
      valid: [
        ['@MrBeast', 'MrBeast'],
        'MrBeast',
        'https://www.youtube.com/@MrBeast',
        'https://youtube.com/@mr.beast-6000/videos',
        'https://m.youtube.com/@MrBeast/shorts',
        'https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA',
        'https://www.youtube.com/c/MrBeast6000',
        'https://www.youtube.com/user/MrBeast6000',
        ['youtube.com/@MrBeast?si=abc', 'https://youtube.com/@MrBeast?si=abc'],
      ],
      invalid: [
        '@ab',
        '@mr beast',
        'https://www.youtube.com/channel/UCshort',
        'https://www.youtube.com/@MrBeast/live',
        'https://www.youtube.com/@MrBeast/videos/extra',
        'https://youtu.be/@MrBeast',
        'https://youtube.com.evil.io/@MrBeast',
        YT_VIDEO,
        'https://www.tiktok.com/@mrbeast',
      ],
    },
    video: {
      valid: [
        YT_VIDEO,
        'https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&t=42s',
        'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
        'https://youtu.be/dQw4w9WgXcQ?si=AbCdEf',
        ['youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ'],
        'https://www.youtube.com/shorts/aBcD_-12345',
        'https://www.youtube.com/live/aBcD_-12345?feature=share',
        'https://www.youtube.com/embed/dQw4w9WgXcQ',
      ],
      invalid: [
        'dQw4w9WgXcQ',
        'https://www.youtube.com/watch?v=dQw4w9WgXc',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
        'https://www.youtube.com/watch?list=PL123',
        'https://www.youtube.com/shorts/dQw4w9Wg$cQ',
        'https://youtu.be/',
        'https://www.youtube.com/@MrBeast',
        'https://youtube.com.evil.io/watch?v=dQw4w9WgXcQ',
        'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
        'https://vk.com/video-1_2',
      ],
    },
  },
  telegram: {
    channel: {
      valid: [
        'durov',
        ['@durov', 'durov'],
        'Durov_Channel_2024',
        'https://t.me/durov',
        ['t.me/durov', 'https://t.me/durov'],
        'https://telegram.me/telegram',
        'https://t.me/s/durov',
        'https://t.me/+AbCdEfGhIjKlMnOp',
        'https://t.me/joinchat/AAAAAEkk2WdoDrB4-Q8-gg',
      ],
      invalid: [
        'dur',
        '_durov',
        '1durov',
        'https://t.me/durov/123',
        'https://t.me/+79991234567',
        'https://t.me/joinchat',
        'https://t.me/addstickers',
        'https://t.me.evil.io/durov',
        'https://evilt.me/durov',
        'tg://resolve?domain=durov',
        'https://vk.com/durov',
      ],
    },
    post: {
      valid: [
        'https://t.me/durov/123',
        'https://t.me/durov/123?single',
        'https://t.me/c/1234567890/42',
        'https://t.me/s/durov/123',
        'https://telegram.me/telegram/4567',
        ['t.me/durov/1', 'https://t.me/durov/1'],
      ],
      invalid: [
        'durov/123',
        'https://t.me/durov',
        'https://t.me/durov/abc',
        'https://t.me/c/abc/42',
        'https://t.me/durov/s/5',
        'https://t.me.evil.io/durov/123',
        'https://vk.com/wall1_2',
      ],
    },
    story: {
      valid: [
        'https://t.me/durov/s/5',
        ['t.me/durov/s/12', 'https://t.me/durov/s/12'],
        'https://telegram.me/telegram/s/1',
        'https://t.me/durov/s/5?utm_source=x',
        'https://www.t.me/Durov_Channel/s/100',
      ],
      invalid: [
        'durov',
        'https://t.me/durov/s/',
        'https://t.me/durov/s/abc',
        'https://t.me/durov/5',
        'https://t.me/s/durov',
        'https://t.me.evil.io/durov/s/5',
        'https://www.instagram.com/stories/durov/5/',
      ],
    },
  },
  threads: {
    account: {
      valid: [
        'zuck',
        ['@zuck', 'zuck'],
        'https://www.threads.net/@zuck',
        'https://www.threads.com/@zuck',
        'https://threads.com/@zuck/',
        ['threads.net/@mark.z_1?xmt=abc', 'https://threads.net/@mark.z_1?xmt=abc'],
      ],
      invalid: [
        'zu..ck',
        'x'.repeat(31),
        'https://www.threads.net/zuck',
        'https://www.threads.net/@zuck/post/C1a2B3c4D5e',
        'https://threads.net.evil.io/@zuck',
        'https://evilthreads.net/@zuck',
        'https://www.instagram.com/zuck/',
      ],
    },
    post: {
      valid: [
        'https://www.threads.net/@zuck/post/C1a2B3c4D5e',
        'https://www.threads.com/@zuck/post/DAbc-_123xy?xmt=AQGz',
        ['threads.net/@zuck/post/C1a2B3c4D5e', 'https://threads.net/@zuck/post/C1a2B3c4D5e'],
        'https://threads.com/@mark.z_1/post/C1a2B3c4D5e/',
        'https://www.threads.net/@zuck/post/C1a2B3c4D5e#replies',
      ],
      invalid: [
        'zuck',
        'https://www.threads.net/@zuck',
        'https://www.threads.net/@zuck/post/',
        'https://www.threads.net/zuck/post/C1a2B3c4D5e',
        'https://www.threads.net/@zuck/p/C1a2B3c4D5e',
        'https://threads.net.evil.io/@zuck/post/C1a2B3c4D5e',
        IG_POST,
      ],
    },
  },
};

const PAIRS = PLATFORMS.flatMap((platform) =>
  PLATFORM_LINK_KINDS[platform].map((kind) => ({ platform, kind, cases: CASES[platform][kind] })),
);
const VALID = PAIRS.flatMap(({ platform, kind, cases }) =>
  (cases?.valid ?? []).map((entry) => {
    const [input, value] = typeof entry === 'string' ? [entry, entry] : entry;
    return { platform, kind, input, value };
  }),
);
const INVALID = PAIRS.flatMap(({ platform, kind, cases }) =>
  (cases?.invalid ?? []).map((input) => ({ platform, kind, input })),
);

describe('link kinds', () => {
  it('lists the kinds each platform has', () => {
    expect(PLATFORM_LINK_KINDS).toEqual({
      instagram: ['account', 'post', 'video', 'story'],
      tiktok: ['account', 'video'],
      vk: ['account', 'community', 'post', 'video'],
      youtube: ['channel', 'video'],
      telegram: ['channel', 'post', 'story'],
      threads: ['account', 'post'],
    });
  });

  it('recognises kinds by name', () => {
    for (const kind of LINK_KINDS) expect(isLinkKind(kind)).toBe(true);
    for (const value of ['Account', 'login', '', null, undefined, 1, ['post']]) {
      expect(isLinkKind(value)).toBe(false);
    }
  });

  it.each(PAIRS)('covers $platform $kind with 5+ valid and 5+ invalid inputs', ({ cases }) => {
    expect(cases?.valid.length).toBeGreaterThanOrEqual(5);
    expect(cases?.invalid.length).toBeGreaterThanOrEqual(5);
  });
});

describe('checkLink', () => {
  it.each(VALID)('$platform $kind accepts $input', ({ platform, kind, input, value }) => {
    expect(checkLink(platform, [kind], input)).toEqual({ ok: true, kind, value });
    // also found when every kind of the platform is accepted, this one first
    const all = [kind, ...PLATFORM_LINK_KINDS[platform].filter((other) => other !== kind)];
    expect(checkLink(platform, all, input)).toEqual({ ok: true, kind, value });
  });

  it.each(INVALID)('$platform $kind rejects $input', ({ platform, kind, input }) => {
    expect(checkLink(platform, [kind], input)).toEqual({ ok: false, error: 'invalid' });
  });

  it.each(VALID.filter(({ value }) => value.startsWith('https://')))(
    "$platform's link $input is invalid on every other platform",
    ({ platform, input }) => {
      for (const other of PLATFORMS.filter((name) => name !== platform)) {
        expect(checkLink(other, PLATFORM_LINK_KINDS[other], input)).toEqual({
          ok: false,
          error: 'invalid',
        });
      }
    },
  );

  it.each(['', ' ', '   ', '\t\n'])('requires input: %j', (input) => {
    for (const platform of PLATFORMS) {
      expect(checkLink(platform, PLATFORM_LINK_KINDS[platform], input)).toEqual({
        ok: false,
        error: 'required',
      });
    }
  });

  it('refuses input over 2048 characters', () => {
    const link = `${YT_VIDEO}&pad=`;
    const longest = link.padEnd(2048, 'x');
    expect(checkLink('youtube', ['video'], longest)).toMatchObject({ ok: true, kind: 'video' });
    expect(checkLink('youtube', ['video'], `${longest}x`)).toEqual({ ok: false, error: 'invalid' });
    expect(checkLink('youtube', ['channel'], 'a'.repeat(2049))).toEqual({
      ok: false,
      error: 'invalid',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)//instagram.com/nasa',
    'javascript://instagram.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://instagram.com/nasa',
    'https:/instagram.com/nasa',
    '//instagram.com/nasa',
    'https://instagram.com/na sa',
    'na sa',
    'https://instagram.com\\@evil.io/nasa',
    'https://instagram.com@evil.io/nasa',
    'https://evil.io@instagram.com/nasa',
    'https://instagram.com./nasa',
    'https://xn--nstagram-6za.com/nasa',
    'https://instagram.com/nasa\u0000',
  ])('refuses an unsafe or malformed link: %j', (input) => {
    expect(checkLink('instagram', PLATFORM_LINK_KINDS.instagram, input)).toEqual({
      ok: false,
      error: 'invalid',
    });
  });

  it('reports the first accepted kind that matches, in the order given', () => {
    const story = 'https://instagram.com/stories/nasa/3456/';
    const reel = 'https://www.instagram.com/reel/C9xYzAbCd12/';
    expect(checkLink('instagram', ['account', 'story'], story)).toMatchObject({ kind: 'story' });
    expect(checkLink('instagram', ['account', 'story'], 'nasa')).toMatchObject({
      kind: 'account',
    });
    expect(checkLink('instagram', ['post', 'video'], reel)).toMatchObject({ kind: 'post' });
    expect(checkLink('instagram', ['video', 'post'], reel)).toMatchObject({ kind: 'video' });
    expect(checkLink('instagram', ['post'], 'nasa')).toEqual({ ok: false, error: 'invalid' });
  });

  it('reads a VK post opened over a page as the post, not the page', () => {
    const link = 'https://vk.com/club1?w=wall-1_2';
    expect(checkLink('vk', ['community', 'post'], link)).toMatchObject({ kind: 'post' });
    expect(checkLink('vk', ['account', 'community'], link)).toEqual({
      ok: false,
      error: 'invalid',
    });
  });

  it("never matches a kind the platform doesn't have", () => {
    expect(checkLink('youtube', ['account', 'post'], '@MrBeast')).toEqual({
      ok: false,
      error: 'invalid',
    });
    expect(checkLink('telegram', ['account'], 'durov')).toEqual({ ok: false, error: 'invalid' });
    expect(checkLink('instagram', [], 'nasa')).toEqual({ ok: false, error: 'invalid' });
  });
});
