import { apiQueryOf, EMPTY_FILTER, filterOf, isFiltered, queryOf } from './orders-filter.ts';

describe('the orders filter in the URL', () => {
  it('reads a shared URL and writes it back the same', () => {
    const url =
      'status=RUNNING,PAID&platform=tiktok&tag=TIKTOK_LIKES&q=khaby&from=2026-03-01&to=2026-03-31&cost_min=100&cost_max=50000&page=2&limit=50';
    const filter = filterOf(new URLSearchParams(url));
    expect(filter).toEqual({
      statuses: ['RUNNING', 'PAID'],
      platform: 'tiktok',
      tag: 'TIKTOK_LIKES',
      q: 'khaby',
      from: '2026-03-01',
      to: '2026-03-31',
      costMin: '100',
      costMax: '50000',
      page: 2,
      limit: 50,
    });
    expect(queryOf(filter).toString()).toBe(new URLSearchParams(url).toString());
  });

  it('leaves out what is malformed and the defaults', () => {
    const filter = filterOf(
      new URLSearchParams(
        'status=DONE,PAID&platform=myspace&tag=x y&from=March&cost_min=-5&page=0&limit=30',
      ),
    );
    expect(filter).toEqual({ ...EMPTY_FILTER, statuses: ['PAID'] });
    expect(queryOf(filter).toString()).toBe('status=PAID');
    expect(queryOf(EMPTY_FILTER).toString()).toBe('');
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, page: 3, limit: 100 })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, q: 'nasa' })).toBe(true);
  });

  it('asks the API with paging and ranges put right', () => {
    const query = apiQueryOf({
      ...EMPTY_FILTER,
      from: '2026-04-01',
      to: '2026-03-01',
      costMin: '900',
      costMax: '100',
    });
    expect(new URLSearchParams({ ...query }).toString()).toBe(
      'from=2026-03-01&to=2026-04-01&cost_min=100&cost_max=900&page=1&limit=20',
    );
  });
});
