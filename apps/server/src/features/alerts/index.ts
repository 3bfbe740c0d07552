export { alertJobs } from './alerts.jobs';
export { alertsRoutes } from './alerts.routes';
export { createAlertsService } from './alerts.service';
