import { parseWholeNumber } from './numbers.ts';

describe('a whole number as typed', () => {
  it.each([
    ['1234', 1234],
    ['  700 ', 700],
    ['1 234', 1234],
    ['1\u00a0234', 1234],
    ['1\u202f234\u202f567', 1234567],
    ['1,234', 1234],
    ['1.234', 1234],
    ['12.345.678', 12345678],
    ["1'000", 1000],
  ])('reads %j as %d', (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected);
  });

  it.each(['', 'abc', '1,5', '1.2345', '1,23', '12 34', '-5', '1 234,567', '1e3', '1234567890'])(
    'refuses %j',
    (text) => {
      expect(parseWholeNumber(text)).toBeNull();
    },
  );
});
