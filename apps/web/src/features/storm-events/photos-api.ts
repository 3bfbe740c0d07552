import type { InspectionPhoto } from '@pluvio/shared/inspections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useActiveAccount } from '../../lib/account-api';
import { apiFetch, assertOk } from '../../lib/api-client';
import { stormEventKeys } from '../../lib/storm-events-api';

type PhotoSize = 'original' | 'thumbnail';

/** GET /api/inspections/{id}/photos/{photo_id}: a photo's bytes (signed in, so not a plain image address). */
export async function fetchPhoto(
  clientId: number | undefined,
  inspectionId: number,
  photoId: number,
  size: PhotoSize,
): Promise<Blob> {
  const response = await assertOk(
    await apiFetch(`/api/inspections/${inspectionId}/photos/${photoId}`, {
      query: { client_id: clientId, size },
      accept: 'image/*',
    }),
  );
  return response.blob();
}

function photoQuery(clientId: number | undefined, inspectionId: number, photoId: number, size: PhotoSize) {
  return queryOptions({
    queryKey: stormEventKeys.photo(clientId, inspectionId, photoId, size),
    queryFn: () => fetchPhoto(clientId, inspectionId, photoId, size),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An address an <img> can show for a blob or file, released when it changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The address of a saved photo's preview, once loaded (none when it has no preview). */
export function useThumbnailUrl(inspectionId: number, photo: InspectionPhoto): string | undefined {
  const { clientId } = useActiveAccount();
  const { data } = useQuery({
    ...photoQuery(clientId, inspectionId, photo.id, 'thumbnail'),
    enabled: photo.thumbnail_ready,
  });
  return useObjectUrl(data);
}

/** Opens a saved photo's original in a new tab (the tab opens at once, so no pop-up blocker stops it). */
export function useOpenOriginal(inspectionId: number) {
  const { clientId } = useActiveAccount();
  return async (photo: InspectionPhoto) => {
    const tab = window.open('', '_blank');
    const blob = await fetchPhoto(clientId, inspectionId, photo.id, 'original');
    if (tab) tab.location.href = URL.createObjectURL(blob);
  };
}
