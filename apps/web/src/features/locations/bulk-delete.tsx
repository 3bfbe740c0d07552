import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOCATION_MESSAGES, type Location, locationBulkDeleteSchema } from '@pluvio/shared/locations';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { accountKeys } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { deleteLocations } from './api';
import type { RowSelection } from './location-table';

/** The ticked locations of the list; ids no longer listed (deleted meanwhile) drop out. */
export function useLocationSelection(locations: Location[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const ids = locations.filter((location) => ticked.has(location.id)).map((location) => location.id);
  const selection: RowSelection = {
    isSelected: (id) => ticked.has(id),
    set: (changed, selected) =>
      setTicked((before) => {
        const after = new Set(before);
        for (const id of changed) {
          if (selected) after.add(id);
          else after.delete(id);
        }
        return after;
      }),
  };
  return { ids, selection, clear: () => setTicked(new Set()) };
}

/** Deletes the ticked locations in one request after one confirmation; the list reloads. */
export function useBulkDelete(clientId: number | undefined, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: (ids: number[]) => deleteLocations(ids, clientId),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: accountKeys.locations(clientId) });
    },
    onError: (error) => console.error(error),
  });
  /** The shared limit is checked before asking: a refusal says why and deletes nothing. */
  const check = (ids: number[]) => {
    removal.reset();
    const parsed = locationBulkDeleteSchema.safeParse({ ids });
    setRefusal(parsed.success ? null : (parsed.error.issues[0]?.message ?? LOCATION_MESSAGES.deleteFailed));
    return parsed.success;
  };
  return {
    check,
    remove: (ids: number[]) => removal.mutate(ids),
    busy: removal.isPending,
    deleted: removal.data ?? null,
    message:
      refusal ?? (removal.isError ? failureMessage(removal.error, LOCATION_MESSAGES.deleteFailed) : null),
  };
}

/**
 * Above the list when locations are ticked: how many, Select all (every location the search
 * finds, across pages), Clear, and Delete selected with the app's own confirmation.
 */
export function BulkDeleteBar({
  ids,
  matching,
  onSelectAll,
  onClear,
  bulk,
}: {
  ids: number[];
  matching: number;
  onSelectAll: () => void;
  onClear: () => void;
  bulk: ReturnType<typeof useBulkDelete>;
}) {
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    setAsking(false);
    bulk.remove(ids);
  };
  return (
    <Stack gap="xs">
      {bulk.deleted !== null && <InfoMessage>{LOCATION_MESSAGES.bulkDeleted(bulk.deleted)}</InfoMessage>}
      {bulk.message && <ErrorMessage>{bulk.message}</ErrorMessage>}
      {ids.length > 0 && (
        <Group gap="sm" wrap="wrap" aria-label="Selected locations" role="group">
          <Text size="sm" fw={600}>
            {ids.length.toLocaleString('en-US')} selected
          </Text>
          {ids.length < matching && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
              Select all {matching.toLocaleString('en-US')}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            Clear
          </Button>
          <Button
            color="red.9"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={bulk.busy}
            onClick={() => bulk.check(ids) && setAsking(true)}
          >
            Delete selected
          </Button>
        </Group>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Delete locations"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">{LOCATION_MESSAGES.bulkDeleteConfirm(ids.length)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm}>
              {LOCATION_MESSAGES.bulkDeleteButton(ids.length)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
