import { actionCreator } from '../../lib/slice.ts';
import type { AnalyticsEvent } from './analytics-queue.ts';

/**
 * What pages tell analytics. Tiny and in the entry, while the saga that acts on them is a chunk
 * of its own loaded after the page (so a first visit carries no analytics code).
 */
export const analyticsActions = {
  routeChanged: actionCreator<string>('analytics/routeChanged'),
  tracked: actionCreator<AnalyticsEvent>('analytics/tracked'),
  consentDecided: actionCreator<'granted' | 'denied'>('analytics/consentDecided'),
  /** a payment went through (its id): told once as a purchase */
  paid: actionCreator<string>('analytics/paid'),
};
