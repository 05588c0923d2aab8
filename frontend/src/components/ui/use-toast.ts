import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks.js';
import { toastShown } from './toast-slice.js';

export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (text: string) => dispatch(toastShown('success', text)),
      error: (text: string) => dispatch(toastShown('error', text)),
      info: (text: string) => dispatch(toastShown('info', text)),
    }),
    [dispatch],
  );
}
