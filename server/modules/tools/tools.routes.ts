import { Router } from 'express';
import { type Limits, rateLimit } from '../../http/rate-limit.ts';
import { UnshortenError, type Unshortener } from '../../integrations/links/unshorten.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { validate } from '../../lib/validate.ts';

/** POST logger: what a browser may report (docs/api.md Misc); longer fields are cut, not refused. */
const clientLogSchema = {
  $id: 'logger',
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    level: { enum: ['error', 'warn', 'info'] },
    message: { type: 'string', minLength: 1, maxLength: 2000 },
    stack: { type: 'string', maxLength: 8000 },
    url: { type: 'string', maxLength: 2000 },
    source: { type: 'string', maxLength: 200 },
    context: { type: 'object', maxProperties: 20 },
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

const unshortenSchema = {
  $id: 'unshorten',
  type: 'object',
  required: ['link'],
  additionalProperties: false,
  properties: {
    link: { type: 'string', minLength: 1, maxLength: 2000, errorMessage: 'Enter the link' },
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

/**
 * docs/api.md Misc: `POST unshorten` follows a short link to where it leads (SSRF-safe,
 * integrations/links/unshorten.ts); `POST logger` puts a browser's error into the server log.
 * Both are rate limited per address: one makes requests on the caller's behalf, the other
 * writes logs.
 */
export function toolsRoutes({
  unshorten,
  logger,
  limits,
  unshortenPerMinute,
  loggerPerMinute,
}: {
  unshorten: Unshortener;
  logger: Logger;
  limits: Limits;
  unshortenPerMinute: number;
  loggerPerMinute: number;
}): Router {
  const router = Router();

  router.post(
    '/unshorten',
    rateLimit(limits, 'unshorten', unshortenPerMinute),
    async (req, res) => {
      const { link } = validate<{ link: string }>(unshortenSchema, req.body);
      try {
        res.json({ status: 'success', data: { url: await unshorten(link) } });
      } catch (error) {
        // the caller's link could not be followed: a refusal of that link, never a 5xx
        if (error instanceof UnshortenError) throw new AppError(error.message, 422);
        throw error;
      }
    },
  );

  router.post('/logger', rateLimit(limits, 'client-log', loggerPerMinute), (req, res) => {
    const entry = validate<{
      level?: 'error' | 'warn' | 'info';
      message: string;
      stack?: string;
      url?: string;
      source?: string;
      context?: Record<string, unknown>;
    }>(clientLogSchema, req.body);
    const { level = 'error', ...fields } = entry;
    // the client's words go under `client`, so they never pose as the server's own fields
    (req.log ?? logger)[level]({ client: fields, ua: req.get('user-agent') }, 'client log');
    res.status(202).json({ status: 'success', data: null });
  });

  return router;
}
