export { apiKeysRoutes } from './api-keys.routes';
export { type ApiKeysDeps, type ApiKeysService, createApiKeysService } from './api-keys.service';
