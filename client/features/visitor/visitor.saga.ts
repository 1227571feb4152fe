import { delay, fork, put, takeEvery } from 'redux-saga/effects';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '#shared/constants.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { setCookie } from '../../lib/cookies.ts';
import { currencyChanged, ratesLoaded } from './visitor.slice.ts';

/** docs/product.md §13: currencies refresh every 5 minutes. */
export const RATES_REFRESH_MS = 300_000;

/** The rates, now and every 5 minutes while the page is open; a failure keeps the last ones. */
export function* refreshRates() {
  if (typeof window === 'undefined') return;
  for (;;) {
    try {
      const data = yield* callEffect('GET currencies/data');
      yield put(ratesLoaded(data.currencies));
    } catch (error) {
      // docs/product.md §12: logged, and the list is left as it is
      console.warn('currencies: not refreshed', error);
    }
    yield delay(RATES_REFRESH_MS);
  }
}

/** The chosen currency outlives the visit: the server reads the cookie on the next request. */
function rememberCurrency(action: ReturnType<typeof currencyChanged>) {
  setCookie(COOKIE_NAMES.currency, action.payload, COOKIE_MAX_AGE_MS.locale);
}

export function* visitorSaga() {
  yield fork(refreshRates);
  yield takeEvery(currencyChanged.type, rememberCurrency);
}
