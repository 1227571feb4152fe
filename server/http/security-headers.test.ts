import type { Request, Response } from 'express';
import { cspNonce } from './security-headers.ts';

describe('cspNonce', () => {
  it('gives every request its own 18-byte nonce, across refills of the random pool', () => {
    const seen = new Set<string>();
    // 256 nonces per pool: 1,000 requests cross three refills
    for (let i = 0; i < 1_000; i += 1) {
      const res = { locals: {} } as Response;
      let called = false;
      cspNonce({} as Request, res, () => {
        called = true;
      });
      expect(called).toBe(true);
      const nonce = res.locals.cspNonce as string;
      expect(Buffer.from(nonce, 'base64')).toHaveLength(18);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });
});
