import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys } from '../../lib/account-api';
import { ALERTS_KEY } from '../../lib/alerts-api';
import { stormEventKeys } from '../../lib/storm-events-api';
import { RAINFALL_KEY } from './data-status';

/** New data arrives every 15 minutes (spec part 1 §9). */
export const REFRESH_INTERVAL_MS = 15 * 60_000;
/** Coming back to the tab refreshes too, unless the data is fresher than this. */
const FOCUS_REFRESH_AFTER_MS = 60_000;

/**
 * Re-reads the locations, the alerts, the storm events and every rainfall query every 15 minutes and when the tab comes back
 * into view. Queries keep their data while refetching, so selection, filter, tab and scroll
 * position stay as they are.
 */
export function useLiveRefresh(clientId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: [RAINFALL_KEY] });
      void queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] });
      void queryClient.invalidateQueries({ queryKey: accountKeys.locations(clientId) });
      void queryClient.invalidateQueries({ queryKey: stormEventKeys.all(clientId) });
    };
    const refreshIfVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last > FOCUS_REFRESH_AFTER_MS) refresh();
    };
    const timer = window.setInterval(refresh, REFRESH_INTERVAL_MS);
    document.addEventListener('visibilitychange', refreshIfVisible);
    window.addEventListener('focus', refreshIfVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refreshIfVisible);
      window.removeEventListener('focus', refreshIfVisible);
    };
  }, [queryClient, clientId]);
}
