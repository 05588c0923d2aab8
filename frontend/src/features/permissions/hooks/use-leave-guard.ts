import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: inside the app through the returned blocker (the screen shows the
 * question), and on reload or closing the tab through the browser's own.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
  return blocker;
}
