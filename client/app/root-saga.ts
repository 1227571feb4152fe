import { all } from 'redux-saga/effects';
import { notificationsSaga } from '../features/notifications/notifications.saga.ts';
import { orderFormSaga } from '../features/order-form/order-form.saga.ts';
import { paymentSaga } from '../features/payment/payment.saga.ts';
import { sessionSaga } from '../features/session/session.saga.ts';
import { visitorSaga } from '../features/visitor/visitor.saga.ts';
import { liveSessionSaga } from './live-session.saga.ts';

export function* rootSaga() {
  yield all([
    visitorSaga(),
    sessionSaga(),
    orderFormSaga(),
    paymentSaga(),
    notificationsSaga(),
    liveSessionSaga(),
  ]);
}
