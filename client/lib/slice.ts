import type { Reducer, UnknownAction } from 'redux';

/** An action with its payload, as the slices' action creators make them. */
export type PayloadAction<P = void, T extends string = string> = {
  type: T;
  payload: P;
};

/**
 * A case reducer: it assigns the state's own fields on the copy it is given (`state.x = …`),
 * or returns a new state. It never changes what a field holds: an object or array in the state
 * is replaced (`state.quotes = { ...state.quotes, [key]: pair }`), not mutated.
 */
// biome-ignore lint/suspicious/noExplicitAny: any action payload
type CaseReducer<S> = (state: S, action: PayloadAction<any>) => S | Nothing;
// biome-ignore lint/suspicious/noConfusingVoidType: a case that assigns fields returns nothing
type Nothing = void;

// biome-ignore lint/suspicious/noExplicitAny: any case reducer
type PayloadOf<R> = R extends (...args: any[]) => unknown
  ? Parameters<R> extends [unknown, PayloadAction<infer P>, ...unknown[]]
    ? P
    : undefined
  : undefined;

export type ActionCreator<P> = (undefined extends P
  ? (payload?: P) => PayloadAction<P>
  : (payload: P) => PayloadAction<P>) & {
  type: string;
  match(action: { type: string }): action is PayloadAction<P>;
};

type ActionCreators<R> = { [K in keyof R]: ActionCreator<PayloadOf<R[K]>> };

/** An action creator of `type` with `.type` and `.match`, as redux's conventions have it. */
export function actionCreator<P = void>(type: string): ActionCreator<P> {
  const create = (payload?: P) => ({ type, payload }) as PayloadAction<P>;
  return Object.assign(create, {
    type,
    match: (action: { type: string }): action is PayloadAction<P> => action.type === type,
  }) as ActionCreator<P>;
}

/**
 * A slice of the store: action creators named `<name>/<case>` and one reducer, the way
 * Redux Toolkit's `createSlice` makes them, without Immer (its ~6 KiB gzip of a landing's first
 * visit are most of what the toolkit costs; the slices' reducers only assign their own fields).
 * A case that changes no field gives back the state it was given, so selectors see no change.
 */
export function createSlice<S extends object, R extends Record<string, CaseReducer<S>>>(options: {
  name: string;
  initialState: S;
  reducers: R;
}): { actions: ActionCreators<R>; reducer: Reducer<S> } {
  const { name, initialState, reducers } = options;
  const actions = {} as Record<string, ActionCreator<unknown>>;
  const cases = new Map<string, CaseReducer<S>>();
  for (const [key, caseReducer] of Object.entries(reducers)) {
    actions[key] = actionCreator(`${name}/${key}`);
    cases.set(`${name}/${key}`, caseReducer);
  }
  const reducer = (state: S | undefined, action: UnknownAction): S => {
    const current = state ?? initialState;
    const caseReducer = cases.get(action.type);
    if (!caseReducer) return current;
    const draft = { ...current };
    const next = caseReducer(draft, action as PayloadAction<unknown>) ?? draft;
    if (next !== draft) return next;
    for (const key in draft) if (draft[key] !== current[key]) return draft;
    return Object.keys(draft).length === Object.keys(current).length ? current : draft;
  };
  return { actions: actions as ActionCreators<R>, reducer: reducer as Reducer<S> };
}
