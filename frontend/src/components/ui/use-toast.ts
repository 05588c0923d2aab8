import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { toastShown } from './toast-slice.js';

export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (text: string, ms?: number) => dispatch(toastShown('success', text, ms)),
      error: (text: string, ms?: number) => dispatch(toastShown('error', text, ms)),
      info: (text: string, ms?: number) => dispatch(toastShown('info', text, ms)),
    }),
    [dispatch],
  );
}
