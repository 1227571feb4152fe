import { runSaga, type Saga, stdChannel } from 'redux-saga';
import { rootSaga } from './root-saga.ts';
import type { ActionListener, AppStore } from './store.ts';

/**
 * Runs the page's sagas over the browser store (a chunk loaded once the page has hydrated):
 * they take from a channel of their own, fed by the store's `listen` with every action sent
 * since the page started, then each new one, as redux-saga's middleware would feed them.
 */
export function runSagas(
  store: AppStore,
  listen: (listener: ActionListener) => void,
  saga: Saga = rootSaga,
): void {
  const channel = stdChannel();
  runSaga({ channel, dispatch: store.dispatch, getState: store.getState }, saga);
  listen((action) => channel.put(action));
}
