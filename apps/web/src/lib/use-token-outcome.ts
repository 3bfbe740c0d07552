import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What following an e-mailed link (`?token=`) came to: `check` answers for a token, `missing`
 * stands for a link without one; null while the answer is on its way. Pass module-level values:
 * a new function or object on each render would check again.
 */
export function useTokenOutcome<T>(check: (token: string) => Promise<T>, missing: T): T | null {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<T | null>(null);

  useEffect(() => {
    let live = true;
    const result = token ? check(token) : Promise.resolve(missing);
    void result.then((value) => {
      if (live) setOutcome(value);
    });
    return () => {
      live = false;
    };
  }, [token, check, missing]);

  return outcome;
}
