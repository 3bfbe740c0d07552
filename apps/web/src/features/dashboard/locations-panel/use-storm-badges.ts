import { routineInspectionsPath, stormEventPath } from '@pluvio/shared/navigation';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { routineInspectionsQuery } from '../../../lib/routine-inspections-api';
import { pendingStormEventsQuery } from '../../../lib/storm-events-api';
import type { StormBadges } from './location-list';

/**
 * The list's badges: each location's most urgent pending storm event, and the locations whose
 * routine inspection is overdue; a badge opens its event or the location's routine page.
 */
export function useStormBadges(clientId: number | undefined): StormBadges {
  const pending = useQuery(pendingStormEventsQuery(clientId)).data;
  const routine = useQuery(routineInspectionsQuery(clientId)).data;
  const navigate = useNavigate();
  return useMemo(
    () => ({
      byLocation: new Map((pending?.locations ?? []).map((storm) => [storm.location_id, storm])),
      routineOverdue: new Set(
        (routine?.items ?? []).filter((item) => item.status === 'overdue').map((item) => item.location_id),
      ),
      open: (eventId: number) => navigate(stormEventPath(eventId)),
      openRoutine: (locationId: number) => navigate(routineInspectionsPath(locationId)),
    }),
    [pending, routine, navigate],
  );
}
