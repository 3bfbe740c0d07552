import { useEffect } from 'react';

/** A failed read of a list is logged, and the list shows empty (spec part 2 §8). */
export function useLoggedReadFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Could not load the ${what}`, error);
  }, [error, what]);
}
