import type { AppDb } from '../../db/client';
import { auditLog } from './audit.schema';

export interface AuditEntry {
  action: string;
  actorUserId: number | null;
  subjectUserId: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export function createAuditService(db: AppDb) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        action: entry.action,
        actorUserId: entry.actorUserId,
        subjectUserId: entry.subjectUserId,
        ip: entry.ip ?? null,
        details: entry.details ?? {},
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
