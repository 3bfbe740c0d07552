export { adminRoutes } from './admin.routes';
export { systemHealthRoutes } from './system-health.routes';
export { createSystemHealthService } from './system-health.service';
