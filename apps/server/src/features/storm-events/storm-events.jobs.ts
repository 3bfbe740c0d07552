import type { JobDefinition } from '../../core/jobs/queue';
import type { InspectionNoticesService } from './inspection-notices.service';
import type { StormDetectionService } from './storm-detection.service';

export const DETECT_STORM_EVENTS = 'storm-events.detect';
export const NOTIFY_INSPECTIONS = 'storm-events.notify';

/**
 * Every minute: the storm events of the hours stored (or revised) since the last run, and the
 * inspection notices whose time has come (a job of their own: the clock runs without new rain).
 */
export function stormEventJobs(
  detection: StormDetectionService,
  notices: InspectionNoticesService,
): JobDefinition[] {
  return [
    {
      name: DETECT_STORM_EVENTS,
      cron: '* * * * *',
      handler: async () => {
        await detection.detectDue();
      },
    },
    {
      name: NOTIFY_INSPECTIONS,
      cron: '* * * * *',
      handler: async () => {
        await notices.notifyDue();
      },
    },
  ];
}
