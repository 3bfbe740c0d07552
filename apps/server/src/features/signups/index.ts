export { signupJobs } from './signups.jobs';
export { signupsRoutes } from './signups.routes';
export { createSignupsService } from './signups.service';
export { createTrialClaims } from './trial-claims';
