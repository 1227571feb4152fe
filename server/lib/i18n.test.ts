import { formatCount, formatMoney, message, serviceName } from './i18n.ts';
import { MESSAGES, SERVER_MESSAGES } from './messages.ts';

describe('server-side messages (@formatjs/intl over locales/*.json)', () => {
  it('fills values into the language’s message, with the brand always known', () => {
    const text = message('en', 'mail.receipt.subject', { quantity: '1,000', service: 'Likes' });
    expect(text).toBe(
      SERVER_MESSAGES.en['mail.receipt.subject']!.replace('{quantity}', '1,000')
        .replace('{service}', 'Likes')
        .replace('{brand}', 'Boostly'),
    );
    expect(text).not.toContain('{');
  });

  it('falls back to the given text for a message no language has', () => {
    expect(message('de', 'notify.nothing.like.this', {}, 'nothing.like.this')).toBe(
      'nothing.like.this',
    );
  });

  it('formats counts and money the way each language writes them', () => {
    expect(formatCount('en', 12_500)).toBe('12,500');
    expect(formatCount('de', 12_500)).toBe('12.500');
    expect(formatMoney('en', 699, 'USD')).toBe('$6.99');
    expect(formatMoney('en', 700, 'USD')).toBe('$7');
    expect(formatMoney('ru', 18_500, 'RUB').replace(/\s/g, ' ')).toBe('185 ₽');
  });

  it('names a service by its page, also for a _MULTI tag', () => {
    expect(serviceName('en', 'INSTAGRAM_LIKES')).toBe(MESSAGES.en['service.instagram-likes.name']);
    expect(serviceName('en', 'INSTAGRAM_LIKES_MULTI')).toBe(serviceName('en', 'INSTAGRAM_LIKES'));
    expect(serviceName('en', 'NO_SUCH_SERVICE')).toBe('NO_SUCH_SERVICE');
  });
});
