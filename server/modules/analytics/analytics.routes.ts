import express, { type Request, Router } from 'express';
import { type Limits, rateLimit } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { type AnalyticsService, VITAL_NAMES } from './analytics.service.ts';

const CLIENT_ID = {
  type: 'string',
  pattern: '^[\\w.-]{1,100}$',
  errorMessage: 'client_id is 1 to 100 letters, digits, . _ -',
};
const PARAMS = {
  type: 'object',
  maxProperties: 25,
  propertyNames: { pattern: '^[A-Za-z][\\w]{0,39}$' },
  // GA4's ecommerce `items`: up to 20 items of up to 10 plain fields
  properties: {
    items: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        maxProperties: 10,
        propertyNames: { pattern: '^[A-Za-z][\\w]{0,39}$' },
        additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 100 },
      },
    },
  },
  additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 500 },
  errorMessage: 'params are up to 25 names with a string, number or boolean each (and items)',
} as const;
const PAGE_URL = { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' } as const;

const mpSchema = {
  $id: 'mp',
  type: 'object',
  required: ['client_id', 'events'],
  additionalProperties: false,
  properties: {
    client_id: CLIENT_ID,
    events: {
      type: 'array',
      minItems: 1,
      maxItems: 25,
      items: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z][\\w]{0,39}$' },
          params: PARAMS,
        },
      },
      errorMessage: 'events are 1 to 25 {name, params}',
    },
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

const mpySchema = {
  $id: 'mpy',
  type: 'object',
  required: ['client_id', 'page_url', 'action'],
  additionalProperties: false,
  properties: {
    client_id: CLIENT_ID,
    page_url: PAGE_URL,
    title: { type: 'string', maxLength: 500 },
    action: { type: 'string', pattern: '^[\\w.-]{1,100}$' },
    params: PARAMS,
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

const yaHitQuery = {
  $id: 'yaHit',
  type: 'object',
  required: ['pageUrl', 'clientId'],
  additionalProperties: false,
  properties: {
    pageUrl: PAGE_URL,
    clientId: { type: 'string', pattern: '^[\\w.-]{1,100}$' },
    counterId: { type: 'string', pattern: '^\\d{1,12}$' },
    title: { type: 'string', maxLength: 500 },
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

const vitalsSchema = {
  $id: 'analytics',
  type: 'object',
  required: ['path', 'metrics'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 2000 },
    metrics: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['name', 'value'],
        additionalProperties: false,
        properties: {
          name: { enum: [...VITAL_NAMES] },
          // milliseconds, CLS a score: both far below this
          value: { type: 'number', minimum: 0, maximum: 600_000 },
          rating: { enum: ['good', 'needs-improvement', 'poor'] },
          id: { type: 'string', maxLength: 100 },
          navigationType: { type: 'string', maxLength: 40 },
        },
      },
    },
  },
  errorMessage: { additionalProperties: 'This field is not expected' },
} as const;

/** The Metrika counter of a host (docs/product.md §3 per-domain rules: exact host, else `*`). */
export function counterOf(counters: Map<string, string>, host: string): string | null {
  return counters.get(host.toLowerCase()) ?? counters.get('*') ?? null;
}

/**
 * docs/api.md Analytics: `POST mp` (GA4), `POST mpy` and `GET yaHit` (Metrika) are
 * queued for the worker to forward (when configured; else accepted and dropped), and `POST
 * analytics` stores a web-vitals beacon. All answer at once; none waits for a service.
 */
export function analyticsRoutes({
  analytics,
  counters,
  limits,
  perMinute,
}: {
  analytics: AnalyticsService;
  /** host → Metrika counter id (`*`: any other host) */
  counters: Map<string, string>;
  limits: Limits;
  perMinute: number;
}): Router {
  const router = Router();
  const limited = rateLimit(limits, 'analytics', perMinute);
  const hostOf = (req: Request) => req.hostname ?? '';

  router.post('/mp', limited, async (req, res) => {
    const event = validate<Parameters<AnalyticsService['queueGa4']>[0]>(mpSchema, req.body);
    const queued = analytics.forwards('ga4');
    if (queued) await analytics.queueGa4(event);
    res.status(202).json({ status: 'success', data: { queued } });
  });

  router.post('/mpy', limited, async (req, res) => {
    const input = validate<{
      client_id: string;
      page_url: string;
      title?: string;
      action: string;
      params?: Record<string, string | number | boolean>;
    }>(mpySchema, req.body);
    const counter = counterOf(counters, hostOf(req));
    const queued = analytics.forwards('metrika') && counter !== null;
    if (queued)
      await analytics.queueMetrika({
        counter: counter!,
        clientId: input.client_id,
        type: 'event',
        pageUrl: input.page_url,
        action: input.action,
        ...(input.title ? { title: input.title } : {}),
        ...(input.params ? { params: input.params } : {}),
      });
    res.status(202).json({ status: 'success', data: { queued } });
  });

  router.get('/yaHit', limited, async (req, res) => {
    const query = validate<{
      pageUrl: string;
      clientId: string;
      counterId?: string;
      title?: string;
    }>(yaHitQuery, req.query);
    const counter = counterOf(counters, hostOf(req));
    // only this site's own counter: the call is not a relay to anyone's
    if (query.counterId !== undefined && query.counterId !== counter)
      throw new AppError('Unknown counterId', 400);
    const queued = analytics.forwards('metrika') && counter !== null;
    if (queued)
      await analytics.queueMetrika({
        counter: counter!,
        clientId: query.clientId,
        type: 'pageview',
        pageUrl: query.pageUrl,
        ...(query.title ? { title: query.title } : {}),
      });
    res.status(202).json({ status: 'success', data: { queued } });
  });

  // navigator.sendBeacon sends text/plain (a string) or the JSON type: both are read
  router.post(
    '/analytics',
    limited,
    express.text({ type: 'text/plain', limit: '16kb' }),
    async (req, res) => {
      let body: unknown = req.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          throw new AppError('The request body is not valid', 400);
        }
      }
      const beacon = validate<{
        path: string;
        metrics: { name: (typeof VITAL_NAMES)[number]; value: number; rating?: string }[];
      }>(vitalsSchema, body);
      await analytics.recordVitals(beacon.path, beacon.metrics);
      res.status(204).end();
    },
  );

  return router;
}
