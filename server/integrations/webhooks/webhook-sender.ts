import http from 'node:http';
import https from 'node:https';
import {
  checkTargetUrl,
  guardedLookup,
  type Resolver,
  systemResolver,
} from '../../lib/public-address.ts';

/** What one POST to a receiver came to: its HTTP status, or why there was none. */
export type SendOutcome = { status: number } | { error: string };

export type WebhookSender = (
  target: string,
  body: string,
  headers: Record<string, string>,
) => Promise<SendOutcome>;

/**
 * POSTs a webhook body to a receiver's URL, SSRF-safe: the URL is checked, the name is
 * resolved and every address checked at connection time (`guardedLookup`), redirects are not
 * followed (a 3xx is an answer like any other), and the whole call ends after `timeoutMs`.
 * The receiver's body is not read beyond what it takes to free the connection.
 */
export function createWebhookSender({
  allowPrivate,
  timeoutMs,
  resolve = systemResolver,
  userAgent,
}: {
  allowPrivate: boolean;
  timeoutMs: number;
  resolve?: Resolver;
  userAgent: string;
}): WebhookSender {
  const lookup = guardedLookup(resolve, { allowPrivate });
  return (target, body, headers) => {
    const checked = checkTargetUrl(target, { allowPrivate });
    if ('refused' in checked)
      return Promise.resolve({ error: `refused: ${checked.refused} target` });
    const { url } = checked;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SendOutcome>((resolveOutcome) => {
      let settled = false;
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolveOutcome(outcome);
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup,
          agent: false,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': userAgent,
            connection: 'close',
          },
        },
        (response) => {
          settle({ status: response.statusCode ?? 0 });
          response.resume();
          response.on('error', () => {});
          // a receiver that keeps streaming its answer is not waited for
          setTimeout(() => response.destroy(), 1000).unref();
        },
      );
      const timer = setTimeout(() => {
        settle({ error: `no answer within ${timeoutMs} ms` });
        request.destroy();
      }, timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) => {
        settle({ error: error.code === 'EPRIVATEADDRESS' ? error.message : String(error.message) });
      });
      request.end(body);
    });
  };
}
