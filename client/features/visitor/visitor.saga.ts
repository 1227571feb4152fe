import { takeEvery } from 'redux-saga/effects';
import { COOKIE_MAX_AGE_MS, COOKIE_NAMES } from '../../../shared/constants.ts';
import { setCookie } from '../../lib/cookies.ts';
import { currencyChanged } from './visitor.slice.ts';

/** The chosen currency outlives the visit: the server reads the cookie on the next request. */
function rememberCurrency(action: ReturnType<typeof currencyChanged>) {
  setCookie(COOKIE_NAMES.currency, action.payload, COOKIE_MAX_AGE_MS.locale);
}

export function* visitorSaga() {
  yield takeEvery(currencyChanged.type, rememberCurrency);
}
