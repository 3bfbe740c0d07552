import { type LocationFavourites, locationFavouritesSchema } from '@pluvio/shared/locations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The caller's favourite locations, starred in the list pickers (spec part 1 §2 "Other"): kept
 * apart from the account's location list, which is the same for everyone in the account.
 */
export const locationFavouritesKey = (clientId: number | undefined) =>
  ['location-favourites', clientId] as const;

export function locationFavouritesQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: locationFavouritesKey(clientId),
    queryFn: async (): Promise<LocationFavourites> =>
      locationFavouritesSchema.parse(
        await apiRequest('/api/locations/favourites', { query: { client_id: clientId } }),
      ),
  });
}

/** PUT (star) or DELETE (unstar) /api/locations/{id}/favourite?client_id. */
export async function setLocationFavourite(
  clientId: number | undefined,
  id: number,
  favourite: boolean,
): Promise<void> {
  await apiRequest(`/api/locations/${id}/favourite`, {
    method: favourite ? 'PUT' : 'DELETE',
    query: { client_id: clientId },
  });
}

function withStar(ids: readonly number[], id: number, favourite: boolean): number[] {
  const others = ids.filter((other) => other !== id);
  return favourite ? [...others, id] : others;
}

/**
 * The starred ids as the pickers' checkbox values, and a toggle that shows the star at once and
 * puts it back if the server refuses (a picker's `favourites`).
 */
export function useLocationFavourites(clientId: number | undefined) {
  const queryClient = useQueryClient();
  const key = locationFavouritesKey(clientId);
  const query = useQuery(locationFavouritesQuery(clientId));
  const change = useMutation({
    mutationFn: ({ id, favourite }: { id: number; favourite: boolean }) =>
      setLocationFavourite(clientId, id, favourite),
    onMutate: async ({ id, favourite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<LocationFavourites>(key);
      queryClient.setQueryData<LocationFavourites>(key, (saved) => ({
        location_ids: withStar(saved?.location_ids ?? [], id, favourite),
      }));
      return { before };
    },
    onError: (_error, _change, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const ids = new Set((query.data?.location_ids ?? []).map(String));
  return {
    ids,
    onToggle: (id: string, favourite: boolean) => change.mutate({ id: Number(id), favourite }),
  };
}
