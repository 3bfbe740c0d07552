export { assignmentsRoutes } from './assignments.routes';
export { type AssignmentsService, createAssignmentsService } from './assignments.service';
