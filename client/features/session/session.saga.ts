import { put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Locale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import { callEffect } from '../../lib/api-effects.ts';
import { selectLocale } from '../../lib/locale.ts';
import { logoutRequested, userLoaded, userRefreshNeeded } from './session.slice.ts';

/** docs/product.md §2: after logout the visitor goes to the home page (a full load: the session is gone). */
function* logout() {
  try {
    yield* callEffect('POST logout');
  } catch (error) {
    console.error('logout failed', error);
  }
  const locale: Locale = yield select(selectLocale);
  window.location.assign(pagePath('home', locale));
}

/** The header's balance and level follow a top-up, an order, a refund or a profile change. */
function* refreshUser() {
  try {
    const user = yield* callEffect('GET user');
    if (user) yield put(userLoaded(user));
  } catch (error) {
    console.error('user refresh failed', error);
  }
}

export function* sessionSaga() {
  yield takeLeading(logoutRequested.type, logout);
  yield takeLatest(userRefreshNeeded.type, refreshUser);
}
