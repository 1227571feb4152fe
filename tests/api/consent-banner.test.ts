import request from 'supertest';
import { createTestApp, IP } from '../support/app.ts';

/**
 * The consent banner is the server's: a visitor from a GDPR country who has not answered gets
 * it in the page, above the header (in the page's flow, lying over nothing), and a cached
 * page never carries it to someone who answered, or to a visitor from elsewhere.
 */
const app = await createTestApp({ TRUST_PROXY: 'loopback' });
const home = (ip: string, cookie?: string) => {
  const req = request(app).get('/en/').set('X-Forwarded-For', ip);
  return (cookie ? req.set('Cookie', cookie) : req).expect(200);
};
const BANNER = 'data-testid="consent-banner"';

describe('the consent banner', () => {
  it('is rendered by the server for a GDPR visitor who has not answered, before the header', async () => {
    const html = (await home(IP.germany)).text;
    expect(html).toContain(BANNER);
    expect(html.indexOf(BANNER)).toBeLessThan(html.indexOf('<header'));
  });

  it('is not in the page once answered, nor for a visitor outside the GDPR', async () => {
    // the same address, answered: the page (kept or not) has no banner
    expect((await home(IP.germany, 'consent=granted')).text).not.toContain(BANNER);
    expect((await home(IP.germany, 'consent=denied')).text).not.toContain(BANNER);
    expect((await home(IP.usa)).text).not.toContain(BANNER);
    // and the pending visitor still gets it after those were kept
    expect((await home(IP.germany)).text).toContain(BANNER);
  });
});
