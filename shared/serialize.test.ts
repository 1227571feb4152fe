import { serializeForScript } from './serialize.ts';

describe('serializeForScript', () => {
  it('cannot close its script tag or open a comment', () => {
    const text = serializeForScript({ ua: '</script><script>alert(1)</script><!--' });
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text)).toEqual({ ua: '</script><script>alert(1)</script><!--' });
  });

  it('escapes the line and paragraph separators', () => {
    const text = serializeForScript({ s: 'a\u2028b\u2029c' });
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text).s).toBe('a\u2028b\u2029c');
  });
});
