import type { PublicUser } from '#shared/user.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/** docs/product.md §15 Login: loggedIn with the user loaded, from the server's render. */
export interface SessionState {
  user: PublicUser | null;
  /** this page ended its own session (a deletion request): the live channel's end is expected */
  ended?: boolean;
  /** this page has asked to end it (a deletion request in flight): its end may come first */
  ending?: boolean;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: { user: null } as SessionState,
  reducers: {
    logoutRequested() {},
    /** The page's own request ended the session (the account's deletion was requested). */
    sessionEnded(state) {
      state.ended = true;
    },
    /** The page asks to end its session (true), or the request was refused (false). */
    sessionEnding(state, action: PayloadAction<boolean>) {
      state.ending = action.payload;
    },
    /** Something moved the balance, level or profile: read the user again (GET user). */
    userRefreshNeeded() {},
    userLoaded(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const { logoutRequested, sessionEnded, sessionEnding, userRefreshNeeded, userLoaded } =
  sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
export { selectUser } from '../../lib/app-state.ts';
