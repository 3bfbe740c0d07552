export { settingColumns } from './accounts.presenter';
export { clientsRoutes } from './accounts.routes';
export { type AccountsService, type AuditBy, createAccountsService } from './accounts.service';
