import request from 'supertest';
import { createTestApp } from '../support/app.ts';

/**
 * The analytics saga's Metrika event of a purchase (client/features/analytics/analytics.saga.ts:
 * the `_ym_uid`, the page, its title, the event's name and its GA4 params, the ecommerce items
 * among them) is a body POST mpy takes.
 */
const app = await createTestApp();

describe('POST mpy', () => {
  it('takes the purchase the pages tell Metrika', async () => {
    const res = await request(app)
      .post('/api/mpy')
      .send({
        client_id: '1764000000123456789',
        page_url: 'https://shop.test/en/thanks/?order=KDppWjn5L3uTrcWJ9i7z',
        action: 'purchase',
        title: 'Thank you for your order',
        params: {
          transaction_id: 'RxSkJWdwRQ2TsraH7jMd',
          value: 6.99,
          currency: 'USD',
          items: [{ item_id: 'INSTAGRAM_LIKES', item_variant: '1000', quantity: 1, price: 6.99 }],
          session_id: '1764000000',
          source: 'mail',
          medium: 'email',
          campaign: 'black-friday',
        },
      });
    expect([res.status, res.body.status]).toEqual([202, 'success']);
  });
});
