import { PAGES } from '#shared/routes.ts';
import { SIZE_BUDGETS_KIB } from './budgets.ts';
import {
  builtManifest,
  entryStylesheets,
  manifestViews,
  measureFirstVisit,
  type PageKind,
  screenStylesheet,
} from './size.ts';

describe('first-visit size budgets (scripts/bench/budgets.ts)', () => {
  let report: Awaited<ReturnType<typeof measureFirstVisit>>;

  beforeAll(async () => {
    report = await measureFirstVisit();
  });

  it.each(Object.keys(SIZE_BUDGETS_KIB) as PageKind[])(
    '%s stays within its JS and CSS budget',
    (kind) => {
      const visit = report[kind];
      const budget = SIZE_BUDGETS_KIB[kind];
      expect(visit.files.some((file) => file.endsWith('.js'))).toBe(true);
      expect(visit.js.gzip / 1024).toBeLessThanOrEqual(budget.jsGzip);
      expect(visit.css.gzip / 1024).toBeLessThanOrEqual(budget.cssGzip);
    },
  );

  it('counts the screen chunk and the language messages, not other screens', () => {
    const landing = report.landing.files.join(' ');
    expect(landing).toMatch(/home\.page-\w+\.js/);
    expect(landing).toMatch(/ru-\w+\.js/);
    expect(landing).not.toMatch(/cabinet\.page-/);
    expect(landing).not.toMatch(/\/de-\w+\.js/);
  });

  it('ships React and react-dom to the browser, and no Preact', () => {
    for (const kind of ['landing', 'cabinet'] as const) {
      const sources = [...report[kind].inputs.keys()];
      expect(sources).toEqual(expect.arrayContaining(['react', 'react-dom', 'scheduler']));
      expect(sources.some((source) => source.startsWith('preact'))).toBe(false);
    }
  });

  it("lists the entry's stages for the page's script to preload, and no screen preloads them", async () => {
    const manifest = await builtManifest();
    const stages = manifest.stages ?? [];
    // React's stage and the app's (client/entry.client.tsx)
    expect(stages.some((url) => /\/start-\w+\.js$/.test(url))).toBe(true);
    // the stages' own files and one chunk each: the app's shell is one chunk, as every lazily
    // loaded part imports it (build/build.ts), not one per set of screens sharing a module
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.length).toBeLessThanOrEqual(4);
    expect(stages).not.toContain(manifest.entry);
    for (const view of Object.values(manifest.views))
      expect(view.imports.filter((url) => stages.includes(url))).toEqual([]);
    // react-dom is in a stage, not in the entry itself (which is a few hundred bytes)
    expect(report.landing.inputs.get('react-dom')).toBeGreaterThan(100_000);
  });

  it("loads a layout's and a screen's message sets with their pages only (shared/message-sets.ts)", () => {
    const sources = (kind: PageKind) => [...report[kind].inputs.keys()];
    expect(sources('landing')).toContain('locales/ru.json');
    expect(sources('landing')).not.toContain('locales/pages');
    expect(sources('landing')).not.toContain('locales/cabinet');
    // the cabinet's dashboard: the cabinet's texts, not sign-in's (only its profile has those)
    expect(sources('cabinet')).toEqual(
      expect.arrayContaining(['locales/ru.json', 'locales/cabinet']),
    );
    expect(sources('cabinet')).not.toContain('locales/pages');
  });

  it('has a screen chunk for every view of the route table (files are <view>.page.tsx)', async () => {
    const views = await manifestViews();
    const missing = [...new Set(PAGES.map((page) => page.view))].filter(
      (view) => !views.includes(view),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the shell's styles in the entry stylesheet and leaves each screen's to it", async () => {
    const { lean, esbuild } = await entryStylesheets();
    const classes = (css: string) => new Set(css.match(/\.[a-z][\w-]*_[\w]+_[\w]{4}\b/gi));
    const kept = classes(lean);
    // the shell: tokens, header, footer, the cabinet's layout and bell, the consent banner
    expect(lean).toContain('--brand');
    for (const prefix of [
      '.site_header_',
      '.site_footer_',
      '.layouts_',
      '.notifications_',
      '.consent_banner_',
    ])
      expect([...kept].some((name) => name.startsWith(prefix))).toBe(true);
    // screens' own modules (each screen links its stylesheet) are not in it any more
    for (const prefix of ['.price_', '.legal_', '.article_', '.thanks_', '.landing_'])
      expect([...kept].some((name) => name.startsWith(prefix))).toBe(false);
    // and nothing that esbuild's stylesheet did not have
    const all = classes(esbuild);
    expect([...kept].every((name) => all.has(name))).toBe(true);
    expect(lean.length).toBeLessThan(esbuild.length / 2);
  });

  it("leaves the shell's styles out of a screen's stylesheet (the entry's has them)", async () => {
    const css = await screenStylesheet('home');
    expect(css).toMatch(/\.landing_/);
    for (const prefix of ['.site_header_', '.layouts_', '.consent_banner_'])
      expect(css).not.toContain(prefix);
  });
});
