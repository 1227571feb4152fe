import { call, select, takeLeading } from 'redux-saga/effects';
import type { Locale } from '../../../shared/locales.ts';
import { pagePath } from '../../../shared/routes.ts';
import { api } from '../../lib/api.ts';
import { selectLocale } from '../../lib/locale.ts';
import { logoutRequested } from './session.slice.ts';

/** SPEC §2: after logout the visitor goes to the home page (a full load: the session is gone). */
function* logout() {
  try {
    yield call(api, 'logout', { method: 'POST' });
  } catch (error) {
    console.error('logout failed', error);
  }
  const locale: Locale = yield select(selectLocale);
  window.location.assign(pagePath('home', locale));
}

export function* sessionSaga() {
  yield takeLeading(logoutRequested.type, logout);
}
