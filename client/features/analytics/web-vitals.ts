import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { BodyOf } from '#shared/api-contract/index.ts';

/**
 * The web-vitals beacon: each metric as it becomes final is kept, and when the
 * page is hidden what was kept goes to POST /api/analytics with navigator.sendBeacon (it
 * survives the page closing). No ids or cookies: only the path and the figures.
 */
export function reportWebVitals(): void {
  let kept: Metric[] = [];
  const keep = (metric: Metric) => {
    kept = [...kept.filter((entry) => entry.name !== metric.name), metric];
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || !kept.length) return;
    // the contract's `POST analytics` body (sent as text: a beacon cannot set a JSON type)
    const beacon: BodyOf<'POST analytics'> = {
      path: location.pathname,
      metrics: kept.map(({ name, value, rating, id }) => ({
        name,
        value: Math.max(0, Math.round(value * 1000) / 1000),
        rating,
        id: id.slice(0, 100),
      })),
    };
    kept = [];
    navigator.sendBeacon?.('/api/analytics', JSON.stringify(beacon));
  });
}
