export { switchUserRoutes } from './switch-user.routes';
export { createSwitchUserService, type SwitchUserService } from './switch-user.service';
