import type { JobDefinition } from '../../core/jobs/queue';
import type { StormDetectionService } from './storm-detection.service';

export const DETECT_STORM_EVENTS = 'storm-events.detect';

/** Every minute: the storm events of the hours stored (or revised) since the last run. */
export function stormEventJobs(detection: StormDetectionService): JobDefinition[] {
  return [
    {
      name: DETECT_STORM_EVENTS,
      cron: '* * * * *',
      handler: async () => {
        await detection.detectDue();
      },
    },
  ];
}
