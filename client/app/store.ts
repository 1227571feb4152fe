import {
  combineReducers,
  configureStore,
  type Middleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { runSaga, type Saga, stdChannel } from 'redux-saga';
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

function makeStore(preloadedState: PreloadedState, after: Middleware[] = []) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: false })
        .concat(sagaMiddleware)
        .concat(...after),
  });
  return { store, sagaMiddleware };
}

/**
 * The whole state the server rendered from its preloaded part (each other slice at its
 * initial state): what the browser's components read while they hydrate.
 */
export const serverSnapshot = (preloadedState: PreloadedState) =>
  reducer(preloadedState as Parameters<typeof reducer>[0], { type: '@@page/server-state' });

/** One store per request on the server, where sagas do not run. */
export function createStore(preloadedState: PreloadedState) {
  return makeStore(preloadedState).store;
}

/**
 * The page's store in the browser: its start sagas run at once; `runLater` runs a saga loaded
 * after the start (later-sagas.ts) on a channel of its own, first with every action the store
 * was sent until then, in order, then with each new one, as if it had run from the start.
 * Until then the store records what it is sent (a page's start sends a few dozen actions).
 */
export function createBrowserStore(preloadedState: PreloadedState, saga: Saga = rootSaga) {
  let recorded: UnknownAction[] | null = [];
  const channels: ReturnType<typeof stdChannel>[] = [];
  const forward: Middleware = () => (next) => (action) => {
    const result = next(action);
    recorded?.push(action as UnknownAction);
    for (const channel of channels) channel.put(action as UnknownAction);
    return result;
  };
  const { store, sagaMiddleware } = makeStore(preloadedState, [forward]);
  sagaMiddleware.run(saga);
  const runLater = (later: Saga) => {
    const channel = stdChannel();
    runSaga({ channel, dispatch: store.dispatch, getState: store.getState }, later);
    for (const action of recorded ?? []) channel.put(action);
    recorded = null;
    channels.push(channel);
  };
  return { store, runLater };
}

export type AppStore = ReturnType<typeof createStore>;
