import {
  combineReducers,
  configureStore,
  type Middleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
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

function makeStore(preloadedState: PreloadedState, before: Middleware[] = []) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: false })
        .prepend(...before)
        .concat(sagaMiddleware),
  });
  return { store, sagaMiddleware };
}

/** One store per request on the server, where sagas do not run. */
export function createStore(preloadedState: PreloadedState) {
  return makeStore(preloadedState).store;
}

/**
 * The page's store in the browser. Until `start` it holds every action it is sent (an effect's,
 * a click's) unreduced, and its sagas are not running: parts of the page hydrate in tasks of
 * their own (HydrateLater), and each must meet the state the server rendered, since Preact
 * does not patch attributes while hydrating. `start`, once the page has hydrated, runs the
 * root saga and then the held actions, in their order, as if sent just then.
 */
export function createBrowserStore(preloadedState: PreloadedState, saga: Saga = rootSaga) {
  let held: unknown[] | null = [];
  const hold: Middleware = () => (next) => (action) => {
    if (!held) return next(action);
    held.push(action);
    return action;
  };
  const { store, sagaMiddleware } = makeStore(preloadedState, [hold]);
  const start = () => {
    if (!held) return;
    const actions = held;
    held = null;
    sagaMiddleware.run(saga);
    for (const action of actions) store.dispatch(action as UnknownAction);
  };
  return { store, start };
}

export type AppStore = ReturnType<typeof createStore>;
