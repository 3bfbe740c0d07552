import type { AppDb } from '../../db/client';
import { contactLocations } from './assignments.schema';

export function createAssignmentsService(db: AppDb) {
  return {
    /** Assigns locations to a contact; assigning twice changes nothing. */
    async assignLocations(contactId: number, locationIds: number[]): Promise<void> {
      if (locationIds.length === 0) return;
      await db
        .insert(contactLocations)
        .values(locationIds.map((locationId) => ({ contactId, locationId })))
        .onConflictDoNothing();
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
