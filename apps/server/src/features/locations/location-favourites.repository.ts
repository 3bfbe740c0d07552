import { and, asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { locationFavourites, locations } from '../../core/tables/locations';

/** The locations each person starred; a star is a person's own, whatever account they work in. */
export function createLocationFavouritesRepository(db: AppDb) {
  const star = (userId: number, locationId: number) =>
    and(eq(locationFavourites.userId, userId), eq(locationFavourites.locationId, locationId));
  return {
    /** The ids the person starred among the account's locations, by id. */
    async idsInClient(clientId: number, userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: locationFavourites.locationId })
        .from(locationFavourites)
        .innerJoin(locations, eq(locations.id, locationFavourites.locationId))
        .where(and(eq(locationFavourites.userId, userId), eq(locations.clientId, clientId)))
        .orderBy(asc(locationFavourites.locationId));
      return rows.map((row) => row.id);
    },
    async add(userId: number, locationId: number): Promise<void> {
      await db.insert(locationFavourites).values({ userId, locationId }).onConflictDoNothing();
    },
    async remove(userId: number, locationId: number): Promise<void> {
      await db.delete(locationFavourites).where(star(userId, locationId));
    },
  };
}
