import { all, call, put, select, takeLeading } from 'redux-saga/effects';
import type { Locale } from '../../../shared/locales.ts';
import { pagePath } from '../../../shared/routes.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { selectLocale } from '../../lib/locale.ts';
import { ratesAnewIfMoved } from '../../lib/rates-effects.ts';
import { orderFormActions as actions } from './order-form.slice.ts';

/** The browser leaves the site for the gateway: a full page load, not a router navigation. */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * A valid order: posted with this page as the way back from the gateway, then the browser
 * goes to the gateway's checkout or, when the balance paid, to the thanks page (which follows
 * the order: the payment saga). One at a time.
 */
function* submitOrder(action: ReturnType<typeof actions.orderSubmitted>) {
  const locale: Locale = yield select(selectLocale);
  try {
    const placed = yield* callEffect('POST c_orders/main', {
      body: { ...action.payload, return_path: window.location.pathname },
    });
    const thanks = `${pagePath('thanks', locale)}?order=${placed.order.id}`;
    yield call(browser.go, placed.redirect ?? thanks);
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.submitFailed((error as Error).message));
  }
}

/**
 * The cabinet's short balance: a top-up of the missing amount through the gateway, back to
 * this page, where the saved choice is restored and paid from the balance.
 */
function* topUp(action: ReturnType<typeof actions.topUpRequested>) {
  try {
    const started = yield* callEffect('POST deposit', {
      body: { ...action.payload, return_path: window.location.pathname },
    });
    if (started.redirect) yield call(browser.go, started.redirect);
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.submitFailed((error as Error).message));
  }
}

export function* orderFormSaga() {
  yield all([
    takeLeading(actions.orderSubmitted.type, submitOrder),
    takeLeading(actions.topUpRequested.type, topUp),
  ]);
}
