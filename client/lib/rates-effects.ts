import { put } from 'redux-saga/effects';
import { ApiError } from './api.ts';
import { callEffect } from './api-effects.ts';
import { ratesLoaded } from './app-state.ts';

/**
 * A charge in another currency refused because the shop's rate moved since the page got it
 * (409): the rates are asked for anew, so the form shows the new charge to pay again. Any
 * other failure is left alone; the rates also refresh on their own every 5 minutes.
 */
export function* ratesAnewIfMoved(error: unknown) {
  if (!(error instanceof ApiError && error.statusCode === 409)) return;
  try {
    const data = yield* callEffect('GET currencies/data');
    yield put(ratesLoaded(data.currencies));
  } catch {
    // the next refresh brings them (features/visitor/visitor.saga.ts)
  }
}
