import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Units sold at this till since the product list was fetched (keyed by the fetch's time): the tiles show stock net
 * of them until the server's figure for the product arrives (a newer list, or a delta bringing that product). Kept
 * in the store, so it survives leaving and reopening the till while the cached product list is reused. Also whether
 * the server answered the till's last call, and whether the till is on screen (its catalogue is followed only then).
 */
export interface TillState {
  listFetchedAt: number;
  soldSinceFetch: Record<string, number>;
  online: boolean;
  open: boolean;
}

const initialState: TillState = { listFetchedAt: 0, soldSinceFetch: {}, online: true, open: false };

export const tillSlice = createSlice({
  name: 'till',
  initialState,
  reducers: {
    sold(state, action: PayloadAction<{ listFetchedAt: number; lines: { productId: string; quantity: number }[] }>) {
      const { listFetchedAt, lines } = action.payload;
      // A newer list already counts what was sold before it.
      if (state.listFetchedAt !== listFetchedAt) {
        state.listFetchedAt = listFetchedAt;
        state.soldSinceFetch = {};
      }
      for (const l of lines) state.soldSinceFetch[l.productId] = (state.soldSinceFetch[l.productId] ?? 0) + l.quantity;
    },
    /** The server's stock of these products arrived (a delta): it counts what this till sold before it. */
    refreshed(state, action: PayloadAction<string[] | 'all'>) {
      if (action.payload === 'all') state.soldSinceFetch = {};
      else for (const id of action.payload) delete state.soldSinceFetch[id];
    },
    connection(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    tillShown(state, action: PayloadAction<boolean>) {
      state.open = action.payload;
    },
  },
});

export const { sold, refreshed, connection, tillShown } = tillSlice.actions;

const NOTHING_SOLD: Readonly<Record<string, number>> = Object.freeze({});

/** What was sold since the list fetched at `listFetchedAt` (nothing, for any other list). */
export function selectSoldSince(state: { till: TillState }, listFetchedAt: number): Readonly<Record<string, number>> {
  return state.till.listFetchedAt === listFetchedAt ? state.till.soldSinceFetch : NOTHING_SOLD;
}

export const selectOnline = (state: { till: TillState }) => state.till.online;
export const selectTillShown = (state: { till: TillState }) => state.till.open;
