import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { LEGAL_DOCS } from '#shared/legal.ts';
import { LOCALES } from '#shared/locales.ts';
import { LEGAL_REGIONS } from '#shared/regions.ts';
import { createTestAppWith, type TestApp } from '../support/app.ts';

/**
 * The legal pages: every region's text in every language it applies in, with the
 * structure such documents have, rendered on the server with the operator's details from
 * LEGAL_*, a table of contents, and English standing in (with a note) where a region has no
 * text in the reader's language.
 */
const MIN_WORDS = { privacy: 1_400, agreement: 1_400, refund: 800 } as const;
const languagesOf = (region: string) =>
  region === 'world' ? [...LOCALES] : (['ru', 'en'] as const);
const files = Object.values(LEGAL_DOCS).flatMap((doc) =>
  LEGAL_REGIONS.flatMap((region) =>
    languagesOf(region).map((lang) => [doc, region, lang] as const),
  ),
);

describe('legal texts in content/legal/', () => {
  it.each(files)('%s for %s in %s is a whole document', (doc, region, lang) => {
    const text = readFileSync(path.join('content/legal', doc, region, `${lang}.md`), 'utf8');
    expect(text).toMatch(/^---\ntitle: .+\neffective: \d{4}-\d{2}-\d{2}\n---\n/);
    const body = text.replace(/^---[\s\S]*?---\n/, '');
    expect(body).not.toMatch(/^# /m);
    const sections = body.match(/^## .+$/gm) ?? [];
    expect(sections.length).toBeGreaterThanOrEqual(8);
    expect(body.split(/\s+/).filter(Boolean).length).toBeGreaterThanOrEqual(MIN_WORDS[doc]);
    // the operator's details come from configuration, never from the text
    expect(body).toContain('{{operator_name}}');
    for (const [, name] of body.matchAll(/\{\{(\w+)\}\}/g))
      expect([
        'operator_name',
        'operator_address',
        'operator_registration',
        'operator_tax_id',
        'operator_jurisdiction',
        'contact_email',
        'privacy_email',
        'site_url',
        'brand',
      ]).toContain(name);
  });
});

describe('legal pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith({
      LEGAL_OPERATOR_NAME: 'ООО «Бустли & Ко»',
      LEGAL_CONTACT_EMAIL: 'help@boostly.test',
    });
  });
  afterAll(() => t.database.close());

  it('render the full text with its contents, details filled in and escaped', async () => {
    const res = await request(t.app).get('/public-agreement/ru/').expect(200);
    expect(res.text).toContain('<h1');
    expect(res.text).toContain('ООО «Бустли &#38; Ко»');
    expect(res.text).not.toContain('{{');
    expect(res.text).toContain('href="mailto:help@boostly.test"');
    // every contents entry points at a heading of the text
    const anchors = [...res.text.matchAll(/<a href="#([^"]+)"/g)].map((match) => match[1]);
    expect(anchors.length).toBeGreaterThanOrEqual(8);
    for (const anchor of anchors) expect(res.text).toContain(`id="${anchor}"`);
    // an unset detail is the marked sample's outside production, never a placeholder
    expect(res.text).toContain('1 Sample Street, Sample City (sample details)');
    expect(res.text).not.toContain('[set LEGAL_');
  });

  it('serve every region in every language, English standing in with a note', async () => {
    const de = await request(t.app).get('/de/private-policy/world/').expect(200);
    expect(de.text).toContain('lang="de"');
    expect(de.text).not.toContain('role="note"');
    const fallback = await request(t.app).get('/de/private-policy/ru/').expect(200);
    expect(fallback.text).toContain('role="note"');
    expect(fallback.text).toMatch(/<div[^>]*lang="en"/);
    // its links lead to the reader's language
    expect(fallback.text).toMatch(
      /href="\/de\/(private-policy|public-agreement|refund-policy|cp)\//,
    );
    await request(t.app).get('/en/refund-policy/mars/').expect(404);
  });

  it('answer the API with the same document, 400 for a bad language, 404 for the unknown', async () => {
    const res = await request(t.app).get('/api/legal/refund/world?lang=tr').expect(200);
    expect(res.body.data).toMatchObject({
      doc: 'refund',
      region: 'world',
      lang: 'tr',
      fallback: false,
    });
    expect(res.body.data.toc.length).toBeGreaterThanOrEqual(8);
    await request(t.app).get('/api/legal/refund/world?lang=fr').expect(400);
    await request(t.app).get('/api/legal/cookies/world').expect(404);
    await request(t.app).get('/api/legal/refund/__proto__').expect(404);
  });
});
