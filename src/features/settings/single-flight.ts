import { useCallback, useRef } from 'react';

/**
 * One request at a time, even for a double click that lands before the button re-renders as
 * disabled (TanStack marks a mutation pending asynchronously). `start` receives `settle`, to be
 * called when the request is over (pass it as the mutation's onSettled). Redundant once the
 * shared mutation path has its own in-flight guard; harmless with it.
 */
export function useSingleFlight(): (start: (settle: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start: (settle: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
