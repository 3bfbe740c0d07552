export { sharedRateLimitStore } from './rate-limit-store';
export { rateLimitJobs } from './rate-limits.jobs';
export {
  type Allowance,
  createRateLimitsService,
  type RateLimit,
  type RateLimitsService,
} from './rate-limits.service';
