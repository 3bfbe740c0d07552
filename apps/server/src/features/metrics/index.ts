export { metricsRoutes } from './metrics.routes';
export { createMetricsService } from './metrics.service';
