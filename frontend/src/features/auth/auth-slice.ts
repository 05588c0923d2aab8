import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearToken, readToken, readUser } from '../../app/session.js';
import type { SignedInUser } from './types.js';

export interface AuthState {
  token: string | null;
  user: SignedInUser | null;
  /**
   * 'checking' while a stored token is verified on load; a token kept with its user opens 'signed-in' at once
   * (the server's answer then replaces the user, and a refused token ends the session).
   */
  status: 'checking' | 'signed-in' | 'signed-out';
  /** Why the last session ended, shown on the sign-in page. */
  endedBecause: string | null;
}

function initialState(): AuthState {
  const token = readToken();
  const user = token ? readUser() : null;
  return { token, user, status: token ? (user ? 'signed-in' : 'checking') : 'signed-out', endedBecause: null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: SignedInUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.status = 'signed-in';
      state.endedBecause = null;
    },
    /** A token made stale by a permission change was swapped for a current one; the user is reloaded by /me. */
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    userLoaded(state, action: PayloadAction<SignedInUser>) {
      state.user = action.payload;
      if (state.token) state.status = 'signed-in';
    },
    signedOut(state, action: PayloadAction<{ reason?: string } | undefined>) {
      clearToken();
      state.token = null;
      state.user = null;
      state.status = 'signed-out';
      state.endedBecause = action.payload?.reason ?? null;
    },
  },
});

export const { signedIn, tokenRefreshed, userLoaded, signedOut } = authSlice.actions;
