import { all } from 'redux-saga/effects';
import { orderFormSaga } from '../features/order-form/order-form.saga.ts';
import { paymentSaga } from '../features/payment/payment.saga.ts';
import { sessionSaga } from '../features/session/session.saga.ts';
import { visitorSaga } from '../features/visitor/visitor.saga.ts';

export function* rootSaga() {
  yield all([visitorSaga(), sessionSaga(), orderFormSaga(), paymentSaga()]);
}
