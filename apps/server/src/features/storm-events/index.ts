export { createInspectionNoticesService, type InspectionNoticesService } from './inspection-notices.service';
export { inspectionsRoutes } from './inspections.routes';
export { createInspectionsService, type InspectionsService } from './inspections.service';
export { createStormDetectionService, type StormDetectionService } from './storm-detection.service';
export { stormEventJobs } from './storm-events.jobs';
export { stormEventsRoutes } from './storm-events.routes';
export {
  createStormEventsService,
  type StormEventRecord,
  type StormEventsService,
} from './storm-events.service';
