import type { RequestContext } from '#server/http/request-context.ts';
import type { PageMatch } from '#shared/routes.ts';

/** What every request carries on `res.locals`, typed once (server/http/request-context.ts). */
declare global {
  namespace Express {
    interface Locals {
      /** who asks, from where, in which language and currency: built once per request */
      context: RequestContext;
      /** this response's CSP nonce (server/http/security-headers.ts) */
      cspNonce: string;
      /** the page a GET path belongs to, matched once by the access redirects; the renderer reuses it */
      page?: PageMatch | null;
    }
  }
}
