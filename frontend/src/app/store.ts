import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api.js';
import { authSlice, signedOut } from '../features/auth/auth-slice.js';
import { toastSlice } from '../components/ui/toast-slice.js';
import { tillSlice } from '../features/pos/till-slice.js';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  toasts: toastSlice.reducer,
  till: tillSlice.reducer,
});

// Nothing cached for one user may show for the next one.
const sessionListener = createListenerMiddleware();
sessionListener.startListening({
  actionCreator: signedOut,
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
  },
});

export function makeStore(preloaded?: Partial<ReturnType<typeof rootReducer>>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) =>
      getDefault({
        // The till holds tens of thousands of products in the cache: checking them on every action would stall dev builds.
        immutableCheck: { ignoredPaths: [api.reducerPath] },
        serializableCheck: { ignoredPaths: [api.reducerPath] },
      })
        .prepend(sessionListener.middleware)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
