export { createEmailChangeService } from './email-change.service';
export { usersRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
