import { createSlice } from '@reduxjs/toolkit';
import type { PublicUser } from '../../../shared/user.ts';

/** SPEC §4 Login: loggedIn with the user loaded, from the server's render. */
export interface SessionState {
  user: PublicUser | null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: { user: null } as SessionState,
  reducers: {
    logoutRequested() {},
  },
});

export const { logoutRequested } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
export const selectUser = (state: { session: SessionState }) => state.session.user;
