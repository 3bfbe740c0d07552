import { isTier4 } from '@pluvio/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActiveAccount } from '../../lib/account-api';
import { locationOverviewQuery } from './location-overview-api';

/**
 * Asks for the location overview as soon as /dashboard opens, while the page's own chunks (map,
 * charts) still load: the list and the markers then wait for whichever arrives last, not for
 * both in turn. Superusers see no list (the page shows them the forecast alone).
 */
export function PrefetchLocationOverview() {
  const queryClient = useQueryClient();
  const { viewer, clientId } = useActiveAccount();
  const wanted = viewer !== null && !isTier4(viewer);
  useEffect(() => {
    if (wanted) void queryClient.prefetchQuery(locationOverviewQuery(clientId));
  }, [queryClient, wanted, clientId]);
  return null;
}
