import type { PublicUser } from '../../../shared/user.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/** SPEC §4 Login: loggedIn with the user loaded, from the server's render. */
export interface SessionState {
  user: PublicUser | null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: { user: null } as SessionState,
  reducers: {
    logoutRequested() {},
    /** Something moved the balance, level or profile: read the user again (GET user). */
    userRefreshNeeded() {},
    userLoaded(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const { logoutRequested, userRefreshNeeded, userLoaded } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
export { selectUser } from '../../lib/app-state.ts';
