import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { notificationsReducer } from '../features/notifications/notifications.slice.ts';
import { orderFormReducer } from '../features/order-form/order-form.slice.ts';
import { paymentReducer } from '../features/payment/payment.slice.ts';
import { type SessionState, sessionReducer } from '../features/session/session.slice.ts';
import { type VisitorState, visitorReducer } from '../features/visitor/visitor.slice.ts';
import { rootSaga } from './root-saga.ts';

export interface PreloadedState {
  visitor: VisitorState;
  session: SessionState;
}

// combined once: combineReducers checks every slice's initial state each time it is called
const reducer = combineReducers({
  visitor: visitorReducer,
  session: sessionReducer,
  orderForm: orderFormReducer,
  payment: paymentReducer,
  notifications: notificationsReducer,
});

/**
 * One store per request on the server (sagas do not run there) and one per page in the
 * browser, where the root saga runs.
 */
export function createStore(preloadedState: PreloadedState, { runSagas = false } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
