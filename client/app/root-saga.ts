import { all, call, fork, put, takeEvery } from 'redux-saga/effects';
import { analyticsActions } from '../features/analytics/analytics.actions.ts';
import { notificationsSaga } from '../features/notifications/notifications.saga.ts';
import { orderFormSaga } from '../features/order-form/order-form.saga.ts';
import { paymentSaga } from '../features/payment/payment.saga.ts';
import { paymentActions } from '../features/payment/payment.slice.ts';
import { sessionSaga } from '../features/session/session.saga.ts';
import { visitorSaga } from '../features/visitor/visitor.saga.ts';
import { liveSessionSaga } from './live-session.saga.ts';

/** Analytics is a chunk of its own, loaded once the page has loaded. */
function* lazyAnalytics() {
  if (typeof window === 'undefined') return;
  yield call(
    () =>
      new Promise<void>((loaded) => {
        if (document.readyState === 'complete') loaded();
        else addEventListener('load', () => loaded(), { once: true });
      }),
  );
  try {
    const analytics: typeof import('../features/analytics/analytics.saga.ts') = yield call(
      () => import('../features/analytics/analytics.saga.ts'),
    );
    analytics.reportWebVitals();
    yield fork(analytics.analyticsSaga);
  } catch (error) {
    // docs/product.md §12: analytics errors are logged only
    console.warn('analytics: not loaded', error);
  }
}

/** A payment that went through is a purchase for analytics (features do not import each other). */
function* purchases() {
  yield takeEvery(
    paymentActions.paymentUpdated.type,
    function* told(action: ReturnType<typeof paymentActions.paymentUpdated>) {
      if (action.payload.status === 'SUCCESS') yield put(analyticsActions.paid(action.payload.id));
    },
  );
}

/** Every side effect of the browser's pages; started after hydration (sagas.ts). */
export function* rootSaga() {
  yield all([
    lazyAnalytics(),
    purchases(),
    visitorSaga(),
    sessionSaga(),
    orderFormSaga(),
    paymentSaga(),
    notificationsSaga(),
    liveSessionSaga(),
  ]);
}
