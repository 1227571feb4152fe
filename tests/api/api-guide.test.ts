import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createGuideService } from '../../server/modules/content/guide.service.ts';
import { LOCALES } from '../../shared/locales.ts';
import { createTestApp } from '../support/app.ts';

/**
 * The reseller API guide of /cp/api/ (issue 15): every action with a request and an answer,
 * examples in curl, PHP and Python, in 7 languages, code identical in each.
 */
const ACTIONS = ['services', 'add', 'status', 'refill', 'refill_status', 'cancel', 'balance'];
/** The code of a guide's blocks without its comments (they may be translated). */
const codeOf = (text: string) =>
  [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)]
    .map((match) => {
      const code = match[2]!
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|\s)(#|\/\/).*$/gm, '$1')
        .replace(/\s+/g, ' ');
      return `${match[1]}:${code}`;
    })
    .join('\n');

describe('the reseller API guide', () => {
  it.each(LOCALES.map((lang) => [lang] as const))(
    'exists in %s with every action and the same code',
    (lang) => {
      const text = readFileSync(`content/api-guide/${lang}.md`, 'utf8');
      for (const action of ACTIONS) expect(text).toMatch(new RegExp(`^### .*\`?${action}\`?`, 'm'));
      for (const language of ['sh', 'php', 'python', 'json'])
        expect(text).toContain(`\`\`\`${language}`);
      // no level-1 heading (code comments aside)
      expect(text.replace(/```[\s\S]*?```/g, '')).not.toMatch(/^# /m);
      // code stays code: the same blocks as the English guide (comments aside)
      expect(codeOf(text)).toBe(codeOf(readFileSync('content/api-guide/en.md', 'utf8')));
    },
  );

  it('is served rendered, with its contents, and refuses an unknown language', async () => {
    const app = await createTestApp();
    const res = await request(app).get('/api/content/api-guide?lang=en').expect(200);
    expect(res.body.data.html).toContain('<pre><code class="language-php">');
    expect(res.body.data.toc.length).toBeGreaterThanOrEqual(5);
    expect(res.body.data.fallback).toBe(false);
    await request(app).get('/api/content/api-guide?lang=fr').expect(400);
  });

  it('stands in English where a language has none', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-'));
    writeFileSync(path.join(dir, 'en.md'), '## Start\n\nHello');
    const guide = createGuideService({ dir });
    expect(guide.guide('de')).toMatchObject({ lang: 'en', fallback: true });
    expect(guide.guide('en')).toMatchObject({
      lang: 'en',
      fallback: false,
      toc: [{ id: 'start', text: 'Start' }],
    });
  });
});
