import { take } from 'redux-saga/effects';
import { ratesLoaded, selectRates } from '../features/visitor/visitor.slice.ts';
import { createBrowserStore, createStore, type PreloadedState } from './store.ts';

const preloaded = () =>
  ({
    visitor: { currency: 'USD', rates: [{ code: 'USD', amount: 1 }] },
    session: { user: null },
  }) as unknown as PreloadedState;

const rates = (amount: number) => ratesLoaded([{ code: 'USD', amount }]);

/** The page's store waits for the page to hydrate in parts (lib/preact/hydrate-later.tsx). */
describe('the browser store', () => {
  it('holds what it is sent until it starts: the state stays the server’s', () => {
    const { store } = createBrowserStore(preloaded(), function* idle() {});
    store.dispatch(rates(90));
    store.dispatch(rates(91));
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 1 }]);
  });

  it('on start runs its saga, then the held actions in their order, each seen by the saga', () => {
    const seen: number[] = [];
    function* saga() {
      for (;;) {
        const action: ReturnType<typeof rates> = yield take(ratesLoaded.type);
        seen.push(action.payload[0]!.amount);
      }
    }
    const { store, start } = createBrowserStore(preloaded(), saga);
    store.dispatch(rates(90));
    store.dispatch(rates(91));
    expect(seen).toEqual([]);
    start();
    expect(seen).toEqual([90, 91]);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 91 }]);
    // after the start, actions go straight through; a second start changes nothing
    store.dispatch(rates(92));
    start();
    expect(seen).toEqual([90, 91, 92]);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 92 }]);
  });

  it('the server’s store reduces at once and runs no saga', () => {
    const store = createStore(preloaded());
    store.dispatch(rates(90));
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
  });
});
