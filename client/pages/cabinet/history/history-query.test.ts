import { filterOf, listQuery, searchOf, totalsQuery } from './history-query.ts';

const read = (query: string) => filterOf(new URLSearchParams(query));

describe('the payment history filter in the URL', () => {
  it('reads groups, days, page and lines, leaving out what is not valid', () => {
    expect(
      read('group=refund,gifts,balance_top_up&from=2024-03-01&to=2024-03-31&page=3&limit=50'),
    ).toEqual({
      groups: ['balance_top_up', 'refund'],
      from: '2024-03-01',
      to: '2024-03-31',
      page: 3,
      limit: 50,
    });
    expect(read('from=01.03.2024').from).toBe('');
    expect(read('from=2024-13-45&to=2024-02-30&page=0&limit=7')).toEqual({
      groups: [],
      from: '',
      to: '',
      page: 1,
      limit: 20,
    });
  });

  it('takes a range typed backwards as the same days', () => {
    expect(read('from=2024-03-31&to=2024-03-01')).toMatchObject({
      from: '2024-03-01',
      to: '2024-03-31',
    });
  });

  it('writes one link per filter, with readable commas and no defaults', () => {
    const filter = read('');
    expect(searchOf(filter)).toBe('');
    const chosen = { ...filter, groups: ['order_payment', 'balance_top_up'] as const };
    expect(searchOf({ ...chosen, groups: [...chosen.groups] })).toBe(
      'group=balance_top_up,order_payment',
    );
    expect(searchOf({ ...filter, page: 2, limit: 100, from: '2024-03-01' })).toBe(
      'from=2024-03-01&page=2&limit=100',
    );
  });

  it('asks the API for the page and its totals', () => {
    const filter = read('group=refund&from=2024-03-01&to=2024-03-02');
    const text = (query: Record<string, string>) => new URLSearchParams(query).toString();
    expect(text({ ...listQuery(filter) })).toBe(
      'group=refund&from=2024-03-01&to=2024-03-02&page=1&limit=20',
    );
    expect(text({ ...totalsQuery(filter) })).toBe('from=2024-03-01&to=2024-03-02');
  });
});
