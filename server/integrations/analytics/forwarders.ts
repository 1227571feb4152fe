/**
 * The analytics services' own protocols: the GA4 Measurement Protocol and Yandex
 * Metrika's measurement protocol. Each call is one HTTP request with a time limit; the worker
 * calls them, never a page.
 */
export interface Ga4Event {
  client_id: string;
  events: { name: string; params?: Record<string, unknown> }[];
}

export interface MetrikaHit {
  counter: string;
  clientId: string;
  /** `pageview` (yaHit) or `event` (mpy) */
  type: 'pageview' | 'event';
  pageUrl: string;
  title?: string;
  /** the goal's name of an event */
  action?: string;
  params?: Record<string, string | number | boolean>;
}

export interface ForwarderConfig {
  ga4: { measurementId: string; apiSecret: string; endpoint: string } | null;
  metrika: { endpoint: string; token: string | null } | null;
  timeoutMs: number;
}

/** POST {endpoint}?measurement_id=…&api_secret=… with the GA4 JSON body. */
export async function sendGa4(
  config: NonNullable<ForwarderConfig['ga4']>,
  event: Ga4Event,
  timeoutMs: number,
) {
  const url = new URL(config.endpoint);
  url.searchParams.set('measurement_id', config.measurementId);
  url.searchParams.set('api_secret', config.apiSecret);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  return response.status;
}

/** GET {endpoint}/collect/?tid=…&cid=…&t=pageview|event&dl=…&dt=…&ea=…&ms=… */
export async function sendMetrika(
  config: NonNullable<ForwarderConfig['metrika']>,
  hit: MetrikaHit,
  timeoutMs: number,
) {
  const url = new URL('/collect/', config.endpoint);
  url.searchParams.set('tid', hit.counter);
  url.searchParams.set('cid', hit.clientId);
  url.searchParams.set('t', hit.type);
  url.searchParams.set('dl', hit.pageUrl);
  if (hit.title) url.searchParams.set('dt', hit.title);
  if (hit.action) url.searchParams.set('ea', hit.action);
  if (hit.params) url.searchParams.set('params', JSON.stringify(hit.params));
  if (config.token) url.searchParams.set('ms', config.token);
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  return response.status;
}
