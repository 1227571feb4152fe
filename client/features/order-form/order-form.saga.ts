import { all, call, put, select, takeLeading } from 'redux-saga/effects';
import type { Locale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { selectLocale } from '../../lib/locale.ts';
import { ratesAnewIfMoved } from '../../lib/rates-effects.ts';
import { orderFormActions as actions } from './order-form.slice.ts';

/** The browser leaves the site for the gateway: a full page load, not a router navigation. */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * A valid order (or the cabinet's top-up of what its balance lacks), posted with this page as
 * the way back from the gateway; then the browser goes to the gateway's checkout or, when the
 * balance paid, to the thanks page (which follows the order: the payment saga). One at a time.
 */
function* submit(
  action: ReturnType<typeof actions.orderSubmitted | typeof actions.topUpRequested>,
) {
  const locale: Locale = yield select(selectLocale);
  const return_path = window.location.pathname;
  try {
    if (actions.topUpRequested.match(action)) {
      const started = yield* callEffect('POST deposit', {
        body: { ...action.payload, return_path },
      });
      if (started.redirect) yield call(browser.go, started.redirect);
      return;
    }
    const placed = yield* callEffect('POST c_orders/main', {
      body: { ...action.payload, return_path },
    });
    yield call(
      browser.go,
      placed.redirect ?? `${pagePath('thanks', locale)}?order=${placed.order.id}`,
    );
  } catch (error) {
    yield* ratesAnewIfMoved(error);
    yield put(actions.submitFailed((error as Error).message));
  }
}

export function* orderFormSaga() {
  yield all([takeLeading([actions.orderSubmitted.type, actions.topUpRequested.type], submit)]);
}
