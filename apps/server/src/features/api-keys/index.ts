export { apiKeysRoutes } from './api-keys.routes';
export { type ApiKeysService, createApiKeysService } from './api-keys.service';
