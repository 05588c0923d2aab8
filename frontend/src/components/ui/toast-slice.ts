import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: string;
  kind: ToastKind;
  text: string;
  /** How long it stays; TOAST_MS unless a screen's spec says otherwise (expenses: 3 s). */
  ms?: number;
}

export { TOAST_MS } from '@dukan/contracts';

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        // The same text twice in a row (a retried request, a double click) shows once.
        if (state.some((t) => t.text === action.payload.text)) return;
        state.push(action.payload);
        if (state.length > 4) state.shift();
      },
      prepare(kind: ToastKind, text: string, ms?: number) {
        return { payload: { id: nanoid(), kind, text, ...(ms === undefined ? {} : { ms }) } };
      },
    },
    toastClosed(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
