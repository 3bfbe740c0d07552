import type { AccountAccess, LocationVisibility } from '../../core/access';
import { AppError, notFound } from '../../core/lib/errors';

/**
 * Answers 404 with `missing` unless the caller may see the location of a storm event (or of its
 * inspection) in the account the request is about: another account's, or a location a plain
 * contact is not assigned to, is not found. Any other failure stays what it is.
 */
export async function requireVisibleLocation(
  locations: LocationVisibility,
  access: AccountAccess,
  owner: { clientId: number; locationId: number },
  missing: string,
): Promise<void> {
  if (owner.clientId !== access.client.id) throw notFound(missing);
  try {
    await locations.findVisible(access, owner.locationId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(missing);
    throw error;
  }
}
