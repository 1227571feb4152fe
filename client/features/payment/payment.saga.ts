import { all, call, delay, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PaymentView } from '../../../shared/orders.ts';
import { api } from '../../lib/api.ts';
import type { PayloadAction } from '../../lib/slice.ts';
import { paymentActions as actions } from './payment.slice.ts';

/** How often and how long a waiting page asks for its payment (DOMAIN.md: poll until final). */
const POLL_INTERVAL_MS = 2_000;
const POLL_ATTEMPTS = 150;

function* poll(id: string) {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    try {
      const payment: PaymentView = yield call(api<PaymentView>, `payment/${id}`);
      yield put(actions.paymentUpdated(payment));
      if (payment.status !== 'WAITING') return;
    } catch {
      // offline or a hiccup: the next round asks again
    }
    yield delay(POLL_INTERVAL_MS);
  }
  yield put(actions.followGaveUp());
}

/** Follows one payment at a time; leaving the page (followStopped) ends the polling. */
function* follow(action: PayloadAction<string>) {
  yield race({ done: call(poll, action.payload), stopped: take(actions.followStopped.type) });
}

/** The browser leaves for the gateway's checkout: a full page load. */
export const browser = { go: (url: string) => window.location.assign(url) };

function* deposit(action: PayloadAction<{ amount: number; method: number; agreement?: boolean }>) {
  try {
    const placed: { redirect: string } = yield call(api<{ redirect: string }>, 'deposit', {
      method: 'POST',
      body: { ...action.payload, return_path: window.location.pathname },
    });
    yield call(browser.go, placed.redirect);
  } catch (error) {
    yield put(actions.depositFailed((error as Error).message));
  }
}

export function* paymentSaga() {
  yield all([
    takeLatest(actions.followStarted.type, follow),
    takeLeading(actions.depositRequested.type, deposit),
  ]);
}
