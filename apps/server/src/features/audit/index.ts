export { type AuditRecord, type AuditService, changesBetween, createAuditService } from './audit.service';
