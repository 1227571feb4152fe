import { PAGES } from '../../shared/routes.ts';
import { SIZE_BUDGETS_KIB } from './budgets.ts';
import { manifestViews, measureFirstVisit, type PageKind } from './size.ts';

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

  it('has a screen chunk for every view of the route table (files are <view>.page.tsx)', async () => {
    const views = await manifestViews();
    const missing = [...new Set(PAGES.map((page) => page.view))].filter(
      (view) => !views.includes(view),
    );
    expect(missing).toEqual([]);
  });
});
