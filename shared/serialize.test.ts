import { serializedOnce, serializeForScript } from './serialize.ts';

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

describe('serializedOnce', () => {
  it('writes a value made once as its JSON of that moment, escaped, wherever it sits', () => {
    const services = serializedOnce([{ id: 1, name: 'Likes </script>' }]);
    // a value that "never changes" is not read again: proof that its JSON was made once
    services[0]!.name = 'changed';
    const text = serializeForScript({ a: services, b: { c: services, d: [1, '<'] }, e: null });
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text)).toEqual({
      a: [{ id: 1, name: 'Likes </script>' }],
      b: { c: [{ id: 1, name: 'Likes </script>' }], d: [1, '<'] },
      e: null,
    });
    expect(serializeForScript(services)).toBe(text.slice(5, text.indexOf(',"b"')));
  });

  it('is not fooled by data that reads as its stand-in', () => {
    const table = serializedOnce({ cost: 1 });
    const value = { s: '\u0000once\u0000', t: table };
    expect(JSON.parse(serializeForScript(value))).toEqual({
      s: '\u0000once\u0000',
      t: { cost: 1 },
    });
  });
});
