import type { AppDb } from '../../db/client';
import { locations } from './locations.schema';

export type NewLocation = typeof locations.$inferInsert;

export function createLocationsService(db: AppDb) {
  return {
    async createMany(values: NewLocation[]) {
      if (values.length === 0) return [];
      return db.insert(locations).values(values).returning();
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
