import { useLayoutEffect, useRef } from 'react';

/** The stored function always calls the newest `callback`, so handlers bound once need not be re-bound. */
export function useLatest<T>(callback: T): React.RefObject<T> {
  const ref = useRef(callback);
  useLayoutEffect(() => {
    ref.current = callback;
  });
  return ref;
}
