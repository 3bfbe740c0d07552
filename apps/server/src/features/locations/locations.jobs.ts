import type { JobDefinition } from '../../core/jobs/queue';
import type { LocationsService } from './locations.service';

export const FILL_ATLAS14 = 'locations.fill-atlas14';

/**
 * NOAA Atlas 14 depths for locations the configured frequency source has not answered for: at
 * start (a new source replaces the old one's depths), every minute, and when a location is
 * saved. A run that fails is not retried: the next minute's run goes on where it stopped.
 */
export function locationJobs(locations: LocationsService): JobDefinition[] {
  return [
    {
      name: FILL_ATLAS14,
      sentOnDemand: true,
      cron: '* * * * *',
      atStart: true,
      queue: { retryLimit: 0 },
      handler: async () => {
        const { failure } = await locations.fillAtlas14();
        if (failure) throw new Error(`Atlas 14 fill stopped: ${failure}`);
      },
    },
  ];
}
