import { readFileSync } from 'node:fs';
import { LOCALES } from '#shared/locales.ts';

/**
 * The shop's two documents are named one way everywhere in a language (its usual term: AGB in
 * German): the footer, the document page's title, and the checkout's box, whose words name
 * and link them.
 */
const messages = (set: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${set ? `${set}/` : ''}${lang}.json`, 'utf8'));

describe('the documents’ names', () => {
  it.each(LOCALES.map((lang) => [lang]))('are one in %s', (lang) => {
    const footer = messages('kept', lang);
    const pages = messages('pages', lang);
    const box = messages('', lang)['order.agreement']!;
    for (const doc of ['agreement', 'refund'] as const) {
      const name = pages[`legal.${doc}.title`]!;
      expect(footer[`footer.${doc}`]).toBe(name);
      const linked = new RegExp(`<${doc}>([^<]+)</${doc}>`).exec(box)?.[1];
      expect(linked).toBeDefined();
      // the box's words are the name (Russian declines it: оферту, политику)
      const stem = (text: string) => text.toLowerCase().replace(/[аяуюиыео]+(?=\s|$)/gu, '');
      expect([doc, stem(linked!)]).toEqual([doc, stem(name)]);
    }
  });

  it('calls the German terms AGB', () => {
    expect(messages('pages', 'de')['legal.agreement.title']).toBe('AGB');
    expect(messages('', 'de')['order.agreement']).not.toMatch(/Vereinbarung/);
  });
});
