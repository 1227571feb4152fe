import { localeFromAcceptLanguage, localeOfPath } from './locales.ts';

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by quality, then by order', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('fr-FR;q=0.9, tr;q=0.95, en;q=0.5')).toBe('tr');
    expect(localeFromAcceptLanguage('pt-BR')).toBe('pt');
    expect(localeFromAcceptLanguage('ES')).toBe('es');
  });

  it('answers null without a header and English for languages we do not have', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage('  ')).toBeNull();
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9')).toBe('en');
  });

  it('ignores languages refused with q=0 and the wildcard', () => {
    expect(localeFromAcceptLanguage('de;q=0, *;q=0.5')).toBeNull();
    expect(localeFromAcceptLanguage('ru;q=0, it;q=0.3')).toBe('it');
  });
});

describe('locale of a path', () => {
  it('reads the prefix, and no prefix is ru', () => {
    expect(localeOfPath('/en/buy-instagram-likes/')).toBe('en');
    expect(localeOfPath('/tr/')).toBe('tr');
    expect(localeOfPath('/uslugi/lajki-v-instagram/')).toBe('ru');
    expect(localeOfPath('/english/')).toBe('ru');
    expect(localeOfPath('/ru/')).toBe('ru');
  });
});
