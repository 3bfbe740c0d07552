export { createStormDetectionService, type StormDetectionService } from './storm-detection.service';
export { stormEventJobs } from './storm-events.jobs';
