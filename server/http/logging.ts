import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../lib/logger.ts';
import { redactUrl } from './log-redaction.ts';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Access log with a request id (kept from X-Request-Id when sane), the signed-in user's id,
 * timing and redaction.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // who made the request, once the request context knows (an access log line per user)
    customProps(_req, res) {
      const userId = (res as ServerResponse & { locals?: { context?: { user?: { id?: number } } } })
        .locals?.context?.user?.id;
      return userId === undefined ? {} : { userId };
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string> }) => ({
        id: req.id,
        method: req.method,
        // reset codes, receipt ids and API keys are keys: never written (log-redaction.ts)
        url: redactUrl(req.url),
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
