/**
 * How one of the simulator's services behaves when its spread is on: a start later or sooner
 * than the configured delay, a slower or faster delivery, and some orders ending partial or
 * canceled, each drawn from the service's id, so the same service behaves the same in every
 * run and a fresh shop's figures (docs/api.md) differ from service to service.
 */
export interface SimProfile {
  /** times the configured start delay (0.5–3) */
  startFactor: number;
  /** times the configured speed (0.25–1.5) */
  speedFactor: number;
  /** added to the configured share of orders ending Partial (0–0.12) */
  partialRate: number;
  /** added to the configured share of orders ending Canceled (0–0.05) */
  cancelRate: number;
}

/** The profile of a service without a spread: exactly the configured pace and rates. */
export const EVEN_PROFILE: SimProfile = {
  startFactor: 1,
  speedFactor: 1,
  partialRate: 0,
  cancelRate: 0,
};

/** Four numbers in 0..1 from a service id (FNV-1a, then a xorshift-multiply per draw). */
function draws(id: string): [number, number, number, number] {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const next = () => {
    hash = Math.imul(hash ^ (hash >>> 15), 2246822507);
    hash = Math.imul(hash ^ (hash >>> 13), 3266489909);
    return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
  };
  return [next(), next(), next(), next()];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A service's profile, the same for the same id every time. */
export function profileOf(serviceId: string): SimProfile {
  const [start, speed, partial, cancel] = draws(serviceId);
  return {
    startFactor: round(0.5 + start * 2.5, 2),
    speedFactor: round(0.25 + speed * 1.25, 2),
    partialRate: round(partial * 0.12, 3),
    cancelRate: round(cancel * 0.05, 3),
  };
}
