import type { AccountAccess } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { LocationRow } from '../../core/tables/locations';
import { createLocationFavouritesRepository } from './location-favourites.repository';

/** What the favourites ask of the locations service: which locations the caller may see. */
interface Visibility {
  findVisible: (access: AccountAccess, id: number) => Promise<LocationRow>;
  visibleIds: (access: AccountAccess) => Promise<ReadonlySet<number>>;
}

/**
 * A person's favourite locations (the list pickers' favourites-only toggle, spec part 1 §2
 * "Other"): anyone who may see a location may star it for themselves; nobody else sees the star.
 */
export function createLocationFavourites(db: AppDb, locations: Visibility) {
  const repository = createLocationFavouritesRepository(db);
  return {
    /** The caller's starred locations among those it may see now (a contact's may be unassigned since). */
    async idsOf(access: AccountAccess): Promise<number[]> {
      const [starred, visible] = await Promise.all([
        repository.idsInClient(access.client.id, access.user.id),
        locations.visibleIds(access),
      ]);
      return starred.filter((id) => visible.has(id));
    },
    /** Stars or unstars a location the caller may see; doing it twice changes nothing. */
    async set(access: AccountAccess, locationId: number, favourite: boolean): Promise<void> {
      await locations.findVisible(access, locationId);
      if (favourite) await repository.add(access.user.id, locationId);
      else await repository.remove(access.user.id, locationId);
    },
  };
}
