export { geocodingRoutes } from './geocoding.routes';
export { createGeocodingService, type GeocodingService } from './geocoding.service';
