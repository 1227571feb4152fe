import { all, call, fork, put, takeEvery } from 'redux-saga/effects';
import { analyticsActions } from '../features/analytics/analytics.actions.ts';
import { notificationsSaga } from '../features/notifications/notifications.saga.ts';
import { paymentSaga } from '../features/payment/payment.saga.ts';
import { paymentActions } from '../features/payment/payment.slice.ts';
import { liveSessionSaga } from './live-session.saga.ts';

/** Analytics is a chunk of its own, loaded once the page has loaded (issue 17). */
function* lazyAnalytics() {
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
    // SPEC §8: analytics errors are logged only
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

/**
 * The sagas no page needs before it has hydrated: payment polling and deposits, the
 * notifications and the live channel, analytics. The entry loads this chunk after hydration
 * and runs it with `runLater` (store.ts), so it still sees the actions sent before.
 */
export function* laterSagas() {
  yield all([lazyAnalytics(), purchases(), paymentSaga(), notificationsSaga(), liveSessionSaga()]);
}
