import { jest } from '@jest/globals';
import { applyMiddleware, combineReducers, legacy_createStore } from 'redux';
import createSagaMiddleware from 'redux-saga';
import { RATES_REFRESH_MS, refreshRates } from './visitor.saga.ts';
import { selectRates, visitorReducer } from './visitor.slice.ts';

/** docs/product.md §13 / §12: the browser refreshes the rates every 5 minutes; a failure keeps them. */
describe('currency rates in the browser', () => {
  it('loads them, refreshes them every 5 minutes and keeps the last on a failure', async () => {
    jest.useFakeTimers();
    const answers = [
      { status: 'success', data: { currencies: [{ code: 'USD', amount: 90 }] } },
      { status: 'error', message: 'down', statusCode: 503 },
      { status: 'success', data: { currencies: [{ code: 'USD', amount: 91 }] } },
    ];
    let asked = 0;
    Object.assign(globalThis, {
      window: globalThis,
      fetch: async () => new Response(JSON.stringify(answers[asked++])),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const sagas = createSagaMiddleware();
    const store = legacy_createStore(
      combineReducers({ visitor: visitorReducer }),
      { visitor: {} as never },
      applyMiddleware(sagas),
    );
    sagas.run(refreshRates);
    const flush = async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
      await jest.advanceTimersByTimeAsync(0);
    };
    await flush();
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
    await jest.advanceTimersByTimeAsync(RATES_REFRESH_MS);
    await flush();
    expect(asked).toBe(2);
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 90 }]);
    expect(warn).toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(RATES_REFRESH_MS);
    await flush();
    expect(selectRates(store.getState())).toEqual([{ code: 'USD', amount: 91 }]);
    warn.mockRestore();
    jest.useRealTimers();
  });
});
