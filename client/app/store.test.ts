import { put, take } from 'redux-saga/effects';
import { ratesLoaded, selectRates } from '../features/visitor/visitor.slice.ts';
import { createBrowserStore, createStore, type PreloadedState, serverSnapshot } from './store.ts';

const preloaded = () =>
  ({
    visitor: { currency: 'USD', rates: [{ code: 'USD', amount: 1 }] },
    session: { user: null },
  }) as unknown as PreloadedState;

const rates = (amount: number) => ratesLoaded([{ code: 'USD', amount }]);

/** A saga that notes every rate it is told, in order. */
function watcher(seen: number[]) {
  return function* watch() {
    for (;;) {
      const action: ReturnType<typeof rates> = yield take(ratesLoaded.type);
      seen.push(action.payload[0]!.amount);
    }
  };
}

describe('the browser store', () => {
  it('reduces at once and runs its start saga from the start', () => {
    const seen: number[] = [];
    const { store } = createBrowserStore(preloaded(), watcher(seen));
    store.dispatch(rates(90));
    expect(seen).toEqual([90]);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
  });

  it('runs a saga loaded later over the actions sent before it, in order, then the new ones', () => {
    const { store, runLater } = createBrowserStore(preloaded(), function* idle() {});
    store.dispatch(rates(90));
    store.dispatch(rates(91));
    const seen: number[] = [];
    runLater(watcher(seen));
    expect(seen).toEqual([90, 91]);
    store.dispatch(rates(92));
    expect(seen).toEqual([90, 91, 92]);
    // the state was never held back: each action was reduced when it was sent
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 92 }]);
  });

  it("a later saga's own puts reach the store and the saga itself", () => {
    const { store, runLater } = createBrowserStore(preloaded(), function* idle() {});
    const seen: number[] = [];
    runLater(function* later() {
      yield put(rates(93));
    });
    runLater(watcher(seen));
    store.dispatch(rates(94));
    expect(seen).toEqual([94]);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 94 }]);
  });

  it('the server snapshot is the preloaded state with every other slice at its start', () => {
    const snapshot = serverSnapshot(preloaded());
    expect(snapshot).toEqual(createStore(preloaded()).getState());
    expect(snapshot.visitor.rates).toEqual([{ code: 'USD', amount: 1 }]);
  });

  it('the server’s store reduces at once and runs no saga', () => {
    const store = createStore(preloaded());
    store.dispatch(rates(90));
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
  });
});
