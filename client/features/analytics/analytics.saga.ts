import { delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { COOKIE_NAMES } from '#shared/constants.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { getCookie, setCookie } from '../../lib/cookies.ts';
import { localStore, sessionStore } from '../../lib/storage.ts';
import { analyticsActions } from './analytics.actions.ts';
import {
  ANALYTICS_COOKIES,
  type Attribution,
  attributionOf,
  gaClientIdOf,
  newGaCookie,
  newYmUid,
  ymUidOf,
} from './analytics-ids.ts';
import {
  type AnalyticsEvent,
  decide,
  identify,
  initialQueue,
  type QueueState,
  type Step,
  track,
} from './analytics-queue.ts';

export { reportWebVitals } from './web-vitals.ts';

/** docs/product.md §13: a page view is told 250 ms after the navigation (the title has settled by then). */
export const PAGE_VIEW_DELAY_MS = 250;

/** The user-timing mark of each page view analytics has handled. */
export const PAGE_VIEW_MARK = 'analytics: page view';
/** The visitor's answer to the consent banner, kept a year. */
export const CONSENT_COOKIE = COOKIE_NAMES.consent;

const SESSION_KEY = 'analytics.session';
const ATTRIBUTION_KEY = 'analytics.attribution';
const PURCHASED_KEY = 'analytics.purchased';

/** The session id of this tab's session, and whether it begins now. */
function sessionOf(): { id: string; fresh: boolean } {
  const kept = sessionStore.get(SESSION_KEY);
  if (kept) return { id: kept, fresh: false };
  const id = String(Math.floor(Date.now() / 1000));
  sessionStore.set(SESSION_KEY, id);
  return { id, fresh: true };
}

/** The ids, made and kept in cookies only once the visitor may be counted. */
function ids(): {
  clientId: string;
  ymUid: string;
  sessionId: string;
  attribution: Attribution | null;
} {
  let clientId = gaClientIdOf(getCookie(ANALYTICS_COOKIES.ga.name));
  if (!clientId) {
    const cookie = newGaCookie(Date.now());
    setCookie(ANALYTICS_COOKIES.ga.name, cookie, ANALYTICS_COOKIES.ga.maxAgeMs);
    clientId = gaClientIdOf(cookie)!;
  }
  let ymUid = ymUidOf(getCookie(ANALYTICS_COOKIES.ym.name));
  if (!ymUid) {
    ymUid = newYmUid(Date.now());
    setCookie(ANALYTICS_COOKIES.ym.name, ymUid, ANALYTICS_COOKIES.ym.maxAgeMs);
  }
  const session = sessionOf();
  let kept: Attribution | null = null;
  try {
    kept = JSON.parse(localStore.get(ATTRIBUTION_KEY) ?? 'null') as Attribution | null;
  } catch {
    kept = null;
  }
  const attribution = attributionOf(new URL(location.href), document.referrer, kept, session.fresh);
  localStore.set(ATTRIBUTION_KEY, attribution ? JSON.stringify(attribution) : null);
  return { clientId, ymUid, sessionId: session.id, attribution };
}

/**
 * The client's analytics (docs/api.md, analytics): events queue until the ids are known and,
 * in GDPR countries, until consent; then GA4 events go through POST mp, and to Metrika page
 * views through GET yaHit and every other event through POST mpy, in order. A failure is
 * logged only: analytics never stops a page.
 */
export function* analyticsSaga() {
  const gdpr: boolean = yield select(
    (state: { visitor: { isGdpr: boolean } }) => state.visitor.isGdpr,
  );
  let queue: QueueState = initialQueue(gdpr);
  let context = { clientId: '', ymUid: '', sessionId: '', attribution: null as Attribution | null };

  function* send(events: AnalyticsEvent[]) {
    for (const event of events) {
      const params = {
        ...event.params,
        session_id: context.sessionId,
        ...(context.attribution
          ? {
              source: context.attribution.source,
              medium: context.attribution.medium,
              ...(context.attribution.campaign ? { campaign: context.attribution.campaign } : {}),
            }
          : {}),
      };
      try {
        yield* callEffect('POST mp', {
          body: { client_id: context.clientId, events: [{ name: event.name, params }] },
        });
      } catch (error) {
        console.warn('analytics: not sent', error);
      }
      // Metrika hears the same: a page view as a hit, any other event (a purchase) as an
      // event of its name on the page it happened on; one failing does not hold the other
      try {
        if (event.name === 'page_view') {
          if (typeof event.params?.page_location === 'string')
            yield* callEffect('GET yaHit', {
              query: {
                pageUrl: event.params.page_location,
                clientId: context.ymUid,
                title: String(event.params.page_title ?? '').slice(0, 500),
              },
            });
        } else
          yield* callEffect('POST mpy', {
            body: {
              client_id: context.ymUid,
              page_url: location.href,
              action: event.name,
              title: document.title.slice(0, 500),
              params,
            },
          });
      } catch (error) {
        console.warn('analytics: not sent to Metrika', error);
      }
    }
  }

  function* apply(step: Step) {
    queue = step.state;
    if (step.send.length) yield* send(step.send);
  }

  function* start() {
    context = ids();
    yield* apply(identify(queue, { clientId: context.clientId, sessionId: context.sessionId }));
  }

  const kept = getCookie(CONSENT_COOKIE);
  if (kept === 'granted' || kept === 'denied') yield* apply(decide(queue, kept));
  if (!gdpr || kept === 'granted') yield* start();

  yield fork(function* consent() {
    for (;;) {
      const action: ReturnType<typeof analyticsActions.consentDecided> = yield take(
        analyticsActions.consentDecided.type,
      );
      setCookie(CONSENT_COOKIE, action.payload, 365 * 86_400_000);
      yield* apply(decide(queue, action.payload));
      if (action.payload === 'granted' && !context.clientId) yield* start();
    }
  });

  yield takeEvery(
    analyticsActions.tracked.type,
    function* tracked(action: ReturnType<typeof analyticsActions.tracked>) {
      yield* apply(track(queue, action.payload));
    },
  );

  // a paid order or top-up is a purchase, told once per payment (the thanks page reloads)
  yield takeEvery(
    analyticsActions.paid.type,
    function* paid(action: ReturnType<typeof analyticsActions.paid>) {
      const told = sessionStore.get(PURCHASED_KEY)?.split(',') ?? [];
      if (told.includes(action.payload)) return;
      sessionStore.set(PURCHASED_KEY, [...told, action.payload].slice(-20).join(','));
      try {
        const purchase = yield* callEffect('GET payment/:id/ecommerce', {
          params: { id: action.payload },
        });
        yield put(
          analyticsActions.tracked({
            name: 'purchase',
            // GA4's ecommerce `items` ride along with the plain params (POST mp allows them)
            params: purchase as unknown as AnalyticsEvent['params'],
          }),
        );
      } catch (error) {
        console.warn('analytics: no purchase view', error);
      }
    },
  );

  // the first page is a view too; later ones follow the router, 250 ms after they settle (a
  // navigation within that time replaces the one before), each page once in a row
  let last = '';
  function* view(path: string) {
    yield delay(PAGE_VIEW_DELAY_MS);
    if (path === last) return;
    last = path;
    yield* apply(
      track(queue, {
        name: 'page_view',
        params: { page_location: location.href, page_title: document.title },
      }),
    );
    // when a page view was told (sent, or held until consent): for tracing a page's start,
    // and for tests that must know analytics has had its say
    performance.mark(PAGE_VIEW_MARK);
  }
  yield fork(view, location.pathname + location.search);
  yield takeLatest(
    analyticsActions.routeChanged.type,
    function* routed(action: ReturnType<typeof analyticsActions.routeChanged>) {
      yield* view(action.payload);
    },
  );
}
