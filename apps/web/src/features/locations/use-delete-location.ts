import { levelAllows } from '@pluvio/shared/gates';
import { LOCATION_MESSAGES, type Location } from '@pluvio/shared/locations';
import { deleteConfirmation, MESSAGES } from '@pluvio/shared/messages';
import { TIER } from '@pluvio/shared/tiers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { askToConfirm } from '../../components/confirm-dialog';
import { accountKeys, useActiveAccount } from '../../lib/account-api';
import { dropFromCachedLists } from '../../lib/cached-lists';
import { deleteLocation } from './api';

/**
 * Deleting a location from the list or the form: below silver only the upgrade message shows;
 * otherwise the user confirms, and a failure shows the spec's message (the cause is logged).
 */
export function useDeleteLocation(onDeleted?: () => void) {
  const { viewer, clientId } = useActiveAccount();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: (location: Location) => deleteLocation(location.id, clientId),
    onSuccess: (_, location) => {
      void dropFromCachedLists(queryClient, accountKeys.locations(clientId), location.id);
      onDeleted?.();
    },
    onError: (error) => console.error(error),
  });

  const askToDelete = async (location: Location) => {
    setNotice(null);
    removal.reset();
    if (!levelAllows(viewer?.tier ?? TIER.unknown, 'locationDelete')) {
      setNotice(MESSAGES.upgradeToEnable);
      return;
    }
    const question = deleteConfirmation('location', location.name, LOCATION_MESSAGES.deleteConfirm);
    if (await askToConfirm(question)) removal.mutate(location);
  };

  return {
    askToDelete,
    busy: removal.isPending,
    /** The upgrade notice or the failure, when there is one. */
    message: notice ?? (removal.isError ? LOCATION_MESSAGES.deleteFailed : null),
  };
}
