/**
 * The analytics queue of docs/product.md §15, free of React and Redux so it can be tested as
 * it is: events wait until the client and session ids are known and, in GDPR countries
 * (docs/product.md §13), until the visitor consents; then they go out in the order they came. A refusal
 * drops what waits and everything after it.
 */
export type Consent = 'granted' | 'denied' | 'unknown';

export interface AnalyticsEvent {
  /** `page_view`, `purchase` … (GA4 names) */
  name: string;
  params?: Record<string, string | number | boolean>;
}

export interface QueueState {
  clientId: string | null;
  sessionId: string | null;
  /** GDPR countries need a yes before anything is sent or stored */
  needsConsent: boolean;
  consent: Consent;
  pending: AnalyticsEvent[];
}

/** At most this many events wait (a visitor who never decides does not grow the page). */
export const MAX_PENDING = 50;

export const initialQueue = (needsConsent: boolean): QueueState => ({
  clientId: null,
  sessionId: null,
  needsConsent,
  consent: 'unknown',
  pending: [],
});

export const allowed = (state: QueueState) => !state.needsConsent || state.consent === 'granted';

const ready = (state: QueueState) =>
  state.clientId !== null && state.sessionId !== null && allowed(state);

/** What changed, and what is to be sent now (in order). */
export interface Step {
  state: QueueState;
  send: AnalyticsEvent[];
}

const settle = (state: QueueState): Step =>
  ready(state) ? { state: { ...state, pending: [] }, send: state.pending } : { state, send: [] };

export function track(state: QueueState, event: AnalyticsEvent): Step {
  if (state.needsConsent && state.consent === 'denied') return { state, send: [] };
  if (ready(state)) return { state, send: [event] };
  return { state: { ...state, pending: [...state.pending, event].slice(-MAX_PENDING) }, send: [] };
}

export function identify(state: QueueState, ids: { clientId: string; sessionId: string }): Step {
  return settle({ ...state, ...ids });
}

export function decide(state: QueueState, consent: 'granted' | 'denied'): Step {
  if (consent === 'denied') return { state: { ...state, consent, pending: [] }, send: [] };
  return settle({ ...state, consent });
}
