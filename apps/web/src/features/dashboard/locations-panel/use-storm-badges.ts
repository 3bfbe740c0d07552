import { stormEventPath } from '@pluvio/shared/navigation';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pendingStormEventsQuery } from '../../../lib/storm-events-api';
import type { StormBadges } from './location-list';

/** The list's storm badges: each location's most urgent pending event; a badge opens its event. */
export function useStormBadges(clientId: number | undefined): StormBadges {
  const pending = useQuery(pendingStormEventsQuery(clientId)).data;
  const navigate = useNavigate();
  return useMemo(
    () => ({
      byLocation: new Map((pending?.locations ?? []).map((storm) => [storm.location_id, storm])),
      open: (eventId: number) => navigate(stormEventPath(eventId)),
    }),
    [pending, navigate],
  );
}
