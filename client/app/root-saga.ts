import { all } from 'redux-saga/effects';
import { visitorSaga } from '../features/visitor/visitor.saga.ts';

export function* rootSaga() {
  yield all([visitorSaga()]);
}
