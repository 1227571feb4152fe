/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { cleanup, screen, within } from '@testing-library/react';
import type { StaffPerformance } from '#shared/staff.ts';
import { appStore, renderPage } from '#tests/support/render.tsx';
import { PerformanceTables } from './staff-performance.tsx';

/**
 * The dashboard's performance tables: each provider's figures and each service's with its
 * provider, formatted in the console's words; a figure not published (below 20 orders) is a
 * dash, an unmapped service's provider says so.
 */
afterEach(cleanup);

const PERFORMANCE: StaffPerformance = {
  providers: [
    {
      provider: 'simulator',
      services: 2,
      start_median_min: 14,
      speed_p90_min_per_1000: 150,
      completion_rate: 0.94,
      refill_rate_30d: 0.031,
      orders_30d: 1240,
    },
    {
      provider: null,
      services: 1,
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 7,
    },
  ],
  services: [
    {
      tag: 'INSTAGRAM_LIKES',
      names: { en: 'Instagram likes', ru: 'Лайки Instagram' },
      provider: 'simulator',
      start_median_min: 12,
      speed_p90_min_per_1000: 3000,
      completion_rate: 0.97,
      refill_rate_30d: 0.02,
      orders_30d: 1000,
    },
    {
      tag: 'VK_FRIENDS',
      names: { en: 'VK friends' },
      provider: null,
      start_median_min: null,
      speed_p90_min_per_1000: null,
      completion_rate: null,
      refill_rate_30d: null,
      orders_30d: 7,
    },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

it('shows each provider and each service with its five figures', () => {
  renderPage(<PerformanceTables performance={PERFORMANCE} />, {
    store: appStore({}),
    sets: ['staff'],
  });
  const providers = screen.getByTestId('staff-performance-providers');
  expect(
    within(providers)
      .getAllByRole('columnheader')
      .map((head) => head.textContent),
  ).toEqual([
    'Provider',
    'Services',
    'Start, median',
    '1,000 delivered in (p90)',
    'Completed in full',
    'Refills asked',
    'Orders, 30 days',
  ]);
  const [simulator, unmapped] = within(providers).getAllByRole('row').slice(1);
  expect(cells(simulator!)).toEqual([
    'simulator',
    '2',
    '14 min',
    '2 hr 30 min',
    '94%',
    '3%',
    '1,240',
  ]);
  expect(cells(unmapped!)).toEqual(['not mapped', '1', '—', '—', '—', '—', '7']);

  const services = screen.getByTestId('staff-performance-services');
  const [likes, friends] = within(services).getAllByRole('row').slice(1);
  expect(cells(likes!)).toEqual([
    'INSTAGRAM_LIKESInstagram likes',
    'simulator',
    '12 min',
    '2 days 2 hr',
    '97%',
    '2%',
    '1,000',
  ]);
  expect(cells(friends!)).toEqual(['VK_FRIENDSVK friends', 'not mapped', '—', '—', '—', '—', '7']);
});

it('says so when no service had an order in the window', () => {
  renderPage(<PerformanceTables performance={{ providers: [], services: [] }} />, {
    store: appStore({}),
    sets: ['staff'],
  });
  for (const id of ['staff-performance-providers', 'staff-performance-services'])
    expect(within(screen.getByTestId(id)).getAllByRole('row')).toHaveLength(2);
});
