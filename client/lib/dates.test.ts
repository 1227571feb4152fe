import { createIntl } from 'react-intl';
import { formatDate } from './dates.ts';

const en = createIntl({ locale: 'en', messages: {} });
const now = Date.parse('2026-11-23T12:00:00Z');

describe('formatDate (docs/product.md §13)', () => {
  test('under a day reads as relative time', () => {
    expect(formatDate(en, '2026-11-23T11:59:40Z', now)).toBe('now');
    expect(formatDate(en, '2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatDate(en, '2026-11-22T13:00:00Z', now)).toBe('23 hours ago');
  });

  test('a day or older reads as DD.MM.YYYY', () => {
    expect(formatDate(en, '2026-11-22T12:00:00Z', now)).toBe('22.11.2026');
    expect(formatDate(en, '2025-01-05T23:30:00Z', now)).toBe('05.01.2025');
  });

  test('an unreadable date is empty, a future one is a date', () => {
    expect(formatDate(en, 'soon', now)).toBe('');
    expect(formatDate(en, '2026-12-01T00:00:00Z', now)).toBe('01.12.2026');
  });
});
