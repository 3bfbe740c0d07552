export { systemRoutes } from './system.routes';
export { installationSecret } from './system.service';
