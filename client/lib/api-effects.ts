import { type CallEffect, call } from 'redux-saga/effects';
import type { AnswerOf, EndpointKey } from '#shared/api-contract/index.ts';
import { type CallArgs, callApi } from './endpoints.ts';

/**
 * A contract call as a saga's step, its answer typed by the contract:
 * `const pair = yield* callEffect('GET prices/orderCost', { query })`. It yields redux-saga's
 * `call` effect, so cancelling the saga leaves the answer unread as `call` does.
 */
export function* callEffect<K extends EndpointKey>(
  key: K,
  ...args: CallArgs<K>
): Generator<CallEffect<AnswerOf<K>>, AnswerOf<K>, AnswerOf<K>> {
  return yield call(() => callApi(key, ...args));
}
