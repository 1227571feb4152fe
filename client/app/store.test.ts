import { fork, put, take } from 'redux-saga/effects';
import { ratesLoaded, selectRates } from '../features/visitor/visitor.slice.ts';
import { runSagas } from './sagas.ts';
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
  it('reduces every action at once, before any saga runs', () => {
    const { store } = createBrowserStore(preloaded());
    store.dispatch(rates(90));
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
  });

  it('its sagas, started later, see the actions sent before them in order, then the new ones', () => {
    const { store, listen } = createBrowserStore(preloaded());
    store.dispatch(rates(90));
    store.dispatch(rates(91));
    const seen: number[] = [];
    runSagas(store, listen, watcher(seen));
    expect(seen).toEqual([90, 91]);
    store.dispatch(rates(92));
    expect(seen).toEqual([90, 91, 92]);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 92 }]);
  });

  it("a saga's own puts are reduced and seen by the sagas", () => {
    const { store, listen } = createBrowserStore(preloaded());
    const seen: number[] = [];
    runSagas(store, listen, function* both() {
      yield fork(watcher(seen));
      yield put(rates(93));
    });
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 93 }]);
    store.dispatch(rates(94));
    expect(seen).toEqual([93, 94]);
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
