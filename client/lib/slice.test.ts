import { actionCreator, createSlice, type PayloadAction } from './slice.ts';

interface State {
  count: number;
  tags: Record<string, boolean>;
  list: string[];
}

const slice = createSlice({
  name: 'demo',
  initialState: { count: 0, tags: {}, list: [] } as State,
  reducers: {
    added(state, action: PayloadAction<number>) {
      state.count += action.payload;
    },
    tagged(state, action: PayloadAction<string>) {
      state.tags = { ...state.tags, [action.payload]: true };
    },
    noted() {},
    same(state, action: PayloadAction<number>) {
      if (state.count === action.payload) return;
      state.count = action.payload;
    },
    replaced(_state, action: PayloadAction<State>) {
      return action.payload;
    },
  },
});
const { added, tagged, noted, same, replaced } = slice.actions;

describe('createSlice (client/lib/slice.ts)', () => {
  it('makes action creators named <slice>/<case>, with type and match', () => {
    expect(added(2)).toEqual({ type: 'demo/added', payload: 2 });
    expect(noted()).toEqual({ type: 'demo/noted', payload: undefined });
    expect(added.type).toBe('demo/added');
    expect(added.match({ type: 'demo/added' })).toBe(true);
    expect(added.match(tagged('x'))).toBe(false);
  });

  it('reduces on a copy: the state it was given is left as it was', () => {
    const before = slice.reducer(undefined, { type: '@@init' });
    const after = slice.reducer(before, added(3));
    expect(before.count).toBe(0);
    expect(after).toEqual({ count: 3, tags: {}, list: [] });
    const tagsBefore = after.tags;
    const tagged1 = slice.reducer(after, tagged('a'));
    expect(tagsBefore).toEqual({});
    expect(tagged1.tags).toEqual({ a: true });
    // a field the case did not touch is the same object
    expect(tagged1.list).toBe(after.list);
  });

  it('gives back the same state when a case changes nothing, or the action is not its', () => {
    const state = slice.reducer(undefined, added(5));
    expect(slice.reducer(state, noted())).toBe(state);
    expect(slice.reducer(state, same(5))).toBe(state);
    expect(slice.reducer(state, { type: 'other/added', payload: 1 })).toBe(state);
    expect(slice.reducer(state, same(6))).not.toBe(state);
  });

  it('takes a state a case returns as the next state', () => {
    const next = { count: 9, tags: { b: true }, list: ['x'] };
    expect(slice.reducer(undefined, replaced(next))).toBe(next);
  });

  it('makes lone action creators alike', () => {
    const paid = actionCreator<string>('analytics/paid');
    expect(paid('p1')).toEqual({ type: 'analytics/paid', payload: 'p1' });
    expect(paid.match(paid('p2'))).toBe(true);
  });
});
