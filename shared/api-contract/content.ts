import type { GuideView } from '../api-keys.ts';
import type { ArticlesPage, ArticleView } from '../articles.ts';
import type { LandingTexts } from '../landing-texts.ts';
import type { LegalDocument } from '../legal.ts';
import type { Locale } from '../locales.ts';
import { articleQuery, articlesQuery } from '../schemas/articles.schemas.ts';
import { landingTextsQuery } from '../schemas/staff-landing-copy.schemas.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/** A GA4 event's parameters (analytics.routes.ts checks their names and sizes). */
type EventParams = Record<string, string | number | boolean>;

/** `queued`: the event waits in the outbox for the worker (false: forwarding is off). */
type Queued = { queued: boolean };

/** What a browser may report of its own errors (tools.routes.ts cuts nothing: the client does). */
export interface ClientLogEntry {
  message: string;
  level?: 'error' | 'warn' | 'info';
  stack?: string;
  url?: string;
  source?: string;
  context?: Record<string, string | number | boolean | null>;
}

/**
 * The written content (articles, legal texts and the API guide: content.routes.ts), analytics
 * (analytics.routes.ts checks these with its own schemas) and the browser's tools
 * (tools.routes.ts, its own schemas too); docs/api.md describes each.
 */
export const CONTENT_API = {
  'GET articles': { query: checked(articlesQuery), answer: typed<ArticlesPage>() },
  'GET articles/:slug': {
    query: checked(articleQuery),
    answer: typed<ArticleView>(),
  },
  'GET legal/:doc/:region': { query: typed<{ lang?: Locale }>(), answer: typed<LegalDocument>() },
  'GET content/api-guide': { query: typed<{ lang?: Locale }>(), answer: typed<GuideView>() },
  /** a landing's own texts (its hero, its services' lines; a service page's title and questions) */
  'GET landing-texts': {
    query: checked(landingTextsQuery),
    answer: typed<LandingTexts>(),
  },

  'POST mp': {
    body: typed<{ client_id: string; events: { name: string; params?: EventParams }[] }>(),
    answer: typed<Queued>(),
  },
  /** a Metrika event (an order paid …) for the site's own counter, forwarded by the worker */
  'POST mpy': {
    body: typed<{
      client_id: string;
      page_url: string;
      action: string;
      title?: string;
      params?: EventParams;
    }>(),
    answer: typed<Queued>(),
  },
  'GET yaHit': {
    query: typed<{ pageUrl: string; clientId: string; counterId?: string; title?: string }>(),
    answer: typed<Queued>(),
  },
  // the web-vitals beacon (navigator.sendBeacon, text/plain): answers 204, no envelope
  'POST analytics': {
    body: typed<{
      path: string;
      metrics: { name: string; value: number; rating?: string; id?: string }[];
    }>(),
    answer: typed<null>(),
  },

  /** where a short link leads (redirects followed on the server, SSRF-safe) */
  'POST unshorten': { body: typed<{ link: string }>(), answer: typed<{ url: string }>() },
  /** a browser's error into the server's log: answers 202 */
  'POST logger': { body: typed<ClientLogEntry>(), answer: typed<null>() },
} satisfies Endpoints;
