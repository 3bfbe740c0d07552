export { locationFavouritesRoutes } from './location-favourites.routes';
export { locationOverviewRoutes } from './location-overview.routes';
export { createLocationViews } from './location-views.service';
export { FILL_ATLAS14, locationJobs } from './locations.jobs';
export { locationsRoutes } from './locations.routes';
export { createLocationsService, type LocationsService } from './locations.service';
