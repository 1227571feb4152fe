import { createHash } from 'node:crypto';
import type { Request } from 'express';

/** Who asks, as far as a view count needs: a hash of the address and the browser, never them. */
export function visitorOf(req: Request): string {
  return createHash('sha256')
    .update(`${req.ip ?? ''}\n${req.get('user-agent') ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}
