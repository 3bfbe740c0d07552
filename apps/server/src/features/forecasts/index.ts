export { forecastsRoutes } from './forecasts.routes';
export { createForecastsService, type ForecastsService } from './forecasts.service';
