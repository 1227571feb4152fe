import { all } from 'redux-saga/effects';
import { orderFormSaga } from '../features/order-form/order-form.saga.ts';
import { sessionSaga } from '../features/session/session.saga.ts';
import { visitorSaga } from '../features/visitor/visitor.saga.ts';

/**
 * What a page needs from its start: the visitor (currency, rates), the session and the order
 * form. The rest (payments, notifications and the live channel, analytics) is a chunk of its
 * own run once the page has hydrated (later-sagas.ts), seeing every action sent until then.
 */
export function* rootSaga() {
  yield all([visitorSaga(), sessionSaga(), orderFormSaga()]);
}
