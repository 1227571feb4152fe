import { LOCALES } from './locales.ts';
import { isRefCode, referralLink } from './referrals.ts';

describe('referral links', () => {
  it('open the home page of the language they were copied in', () => {
    expect(referralLink('https://boostly.example', 'AbCd2345', 'ru')).toBe(
      'https://boostly.example/?ref=AbCd2345',
    );
    expect(referralLink('https://boostly.example', 'AbCd2345', 'en')).toBe(
      'https://boostly.example/en/?ref=AbCd2345',
    );
    expect(referralLink('https://boostly.example', 'AbCd2345', 'de')).toBe(
      'https://boostly.example/de/?ref=AbCd2345',
    );
    for (const locale of LOCALES)
      expect(
        new URL(referralLink('https://b.example', 'AbCd2345', locale)).searchParams.get('ref'),
      ).toBe('AbCd2345');
  });

  it('take a code of 8 letters and digits only', () => {
    expect(isRefCode('AbCd2345')).toBe(true);
    expect(isRefCode('AbCd234')).toBe(false);
    expect(isRefCode('AbCd23/5')).toBe(false);
  });
});
