import { all, call, delay, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { DepositInput } from '#shared/api-contract/orders.ts';
import { isFinalStatus } from '#shared/orders.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { ratesAnewIfMoved } from '../../lib/rates-effects.ts';
import type { PayloadAction } from '../../lib/slice.ts';
import { paymentActions as actions } from './payment.slice.ts';

/** How often and how long a waiting page asks for its payment (docs/product.md: poll until final). */
const POLL_INTERVAL_MS = 2_000;
const POLL_ATTEMPTS = 150;

function* poll(id: string) {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    try {
      const payment = yield* callEffect('GET payment/:id', { params: { id } });
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

/**
 * How a thanks page follows a paid order: a guest has no socket, so the page asks
 * the receipt link's view, soon at first and then less often (an order runs minutes to days),
 * only while the page is in sight, until the order is final.
 */
export const ORDER_POLL_FIRST_MS = 5_000;
export const ORDER_POLL_MAX_MS = 60_000;

/** Resolves once the page is in sight (at once when it is). */
function untilVisible(): Promise<void> {
  if (document.visibilityState !== 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const seen = () => {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', seen);
      resolve();
    };
    document.addEventListener('visibilitychange', seen);
  });
}

function* pollOrder(id: string) {
  let wait = ORDER_POLL_FIRST_MS;
  for (;;) {
    yield delay(wait);
    yield call(untilVisible);
    try {
      const order = yield* callEffect('GET c_orders/:id', { params: { id } });
      yield put(actions.orderUpdated(order));
      if (isFinalStatus(order.status)) return;
    } catch {
      // offline or a hiccup: the next round asks again
    }
    wait = Math.min(ORDER_POLL_MAX_MS, Math.round(wait * 1.5));
  }
}

/** Follows one order at a time, until it is final or the page is left (orderFollowStopped). */
function* followOrder(action: PayloadAction<string>) {
  yield race({
    done: call(pollOrder, action.payload),
    stopped: take(actions.orderFollowStopped.type),
  });
}

/** The browser leaves for the gateway's checkout: a full page load. */
export const browser = { go: (url: string) => window.location.assign(url) };

function* deposit(action: PayloadAction<Omit<DepositInput, 'return_path'>>) {
  try {
    const placed = yield* callEffect('POST deposit', {
      body: { ...action.payload, return_path: window.location.pathname },
    });
    yield call(browser.go, placed.redirect);
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.depositFailed((error as Error).message));
  }
}

export function* paymentSaga() {
  yield all([
    takeLatest(actions.followStarted.type, follow),
    takeLatest(actions.orderFollowStarted.type, followOrder),
    takeLeading(actions.depositRequested.type, deposit),
  ]);
}
