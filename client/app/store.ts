import {
  applyMiddleware,
  combineReducers,
  legacy_createStore,
  type Middleware,
  type UnknownAction,
} from 'redux';
import { notificationsReducer } from '../features/notifications/notifications.slice.ts';
import { orderFormReducer } from '../features/order-form/order-form.slice.ts';
import { paymentReducer } from '../features/payment/payment.slice.ts';
import { type SessionState, sessionReducer } from '../features/session/session.slice.ts';
import { type VisitorState, visitorReducer } from '../features/visitor/visitor.slice.ts';

export interface PreloadedState {
  visitor: VisitorState;
  session: SessionState;
}

// combined once: combineReducers checks every slice's initial state each time it is called
export const appReducer = combineReducers({
  visitor: visitorReducer,
  session: sessionReducer,
  orderForm: orderFormReducer,
  payment: paymentReducer,
  notifications: notificationsReducer,
});

type State = ReturnType<typeof appReducer>;

function makeStore(preloadedState: PreloadedState, middleware: Middleware[] = []) {
  // redux's own store (legacy_ names it apart from Redux Toolkit's configureStore, which the
  // browser bundle does without: client/lib/slice.ts)
  return legacy_createStore(
    appReducer,
    preloadedState as Partial<State> as State,
    applyMiddleware(...middleware),
  );
}

/**
 * The whole state the server rendered from its preloaded part (each other slice at its
 * initial state): what the browser's components read while they hydrate.
 */
export const serverSnapshot = (preloadedState: PreloadedState) =>
  appReducer(preloadedState as Parameters<typeof appReducer>[0], {
    type: '@@page/server-state',
  });

/** One store per request on the server, where sagas do not run. */
export function createStore(preloadedState: PreloadedState) {
  return makeStore(preloadedState);
}

export type AppStore = ReturnType<typeof createStore>;
export type ActionListener = (action: UnknownAction) => void;

/**
 * The page's store in the browser. It reduces every action at once; its side effects (the
 * sagas, app/sagas.ts) are a chunk of their own that starts once the page has hydrated, so
 * neither redux-saga nor any saga is in the way of the first render. `listen` hands the
 * listener every action reduced so far, in order (the store records them until then: a
 * page's start sends a few dozen), then each new one as it is reduced.
 */
export function createBrowserStore(preloadedState: PreloadedState) {
  let recorded: UnknownAction[] | null = [];
  const listeners: ActionListener[] = [];
  const tap: Middleware = () => (next) => (action) => {
    const result = next(action);
    recorded?.push(action as UnknownAction);
    for (const listener of listeners) listener(action as UnknownAction);
    return result;
  };
  const store = makeStore(preloadedState, [tap]);
  const listen = (listener: ActionListener) => {
    for (const action of recorded ?? []) listener(action);
    recorded = null;
    listeners.push(listener);
  };
  return { store, listen };
}
