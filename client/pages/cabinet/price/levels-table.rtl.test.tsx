/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LevelView, PremiumStatuses } from '#shared/ledger.ts';
import { pagePath } from '#shared/routes.ts';
import { appStore, publicUser, renderPage } from '#tests/support/render.tsx';
import { LevelsTable } from './levels-table.tsx';

const level = (n: number, from: number): LevelView => ({
  level: n,
  from,
  percent: {
    likes: n * 100,
    views: n * 100,
    followers: n * 50,
    comments: n * 50,
    autoLikes: n * 100,
    autoViews: n * 100,
    basic: n * 25,
  },
  personalManager: n >= 4,
});

const STATUSES: PremiumStatuses = {
  levels: [level(1, 0), level(2, 5_000), level(3, 20_000), level(4, 50_000), level(5, 100_000)],
  current: 2,
  paid_in: 7_500,
  next: { level: 3, from: 20_000, left: 12_500 },
  currency: 'USD',
};

/**
 * The levels side by side are wider than a phone: their box scrolls sideways, so it takes the
 * focus (WCAG 2.1.1: arrow keys scroll it) and has a name to be announced by.
 */
describe('the discount levels table', () => {
  it('scrolls in a named box that Tab reaches', async () => {
    const user = userEvent.setup();
    renderPage(
      <>
        <button type="button">before</button>
        <LevelsTable statuses={STATUSES} />
      </>,
      {
        store: appStore({ user: publicUser() }),
        path: pagePath('cp-price', 'en'),
        pageId: 'cp-price',
        sets: ['cabinet', 'cabinet-screens'],
      },
    );
    const box = screen.getByRole('region', { name: 'Discount levels table' });
    expect(box).toBe(screen.getByTestId('levels-table'));
    expect(box.querySelector('table')).toBeTruthy();
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(box);
  });
});
