import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { BulkDeleteWords } from '@pluvio/shared/bulk-delete';
import { countLabel } from '@pluvio/shared/words';
import { IconTrash } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import type { ZodType } from 'zod';
import { failureMessage } from '../lib/api-client';
import { askToConfirm } from './confirm-dialog';
import { ErrorMessage, InfoMessage } from './form-message';

/** Rows ticked for Delete selected on a list. */
export interface RowSelection {
  isSelected: (id: number) => boolean;
  set: (ids: readonly number[], selected: boolean) => void;
}

/** The ticked rows of a list; ids no longer listed (deleted meanwhile) drop out. */
export function useRowSelection(listedIds: readonly number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
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
  return {
    ids: listedIds.filter((id) => ticked.has(id)),
    selection,
    clear: () => setTicked(new Set()),
  };
}

/** A tap on a box ticks it, and does not also open the row (contact rows open on a tap). */
const tickOnly = (event: MouseEvent) => event.stopPropagation();

/** A row's box; `label` names the row for screen readers ('Select Houston'). */
export function SelectRowBox({
  id,
  label,
  selection,
}: {
  id: number;
  label: string;
  selection: RowSelection;
}) {
  return (
    <Checkbox
      aria-label={label}
      size="md"
      checked={selection.isSelected(id)}
      onClick={tickOnly}
      onChange={(event) => selection.set([id], event.currentTarget.checked)}
    />
  );
}

/** The header's box: ticks or clears every row shown. */
export function SelectShownBox({
  ids,
  label,
  selection,
}: {
  ids: readonly number[];
  label: string;
  selection: RowSelection;
}) {
  const ticked = ids.filter((id) => selection.isSelected(id)).length;
  return (
    <Checkbox
      aria-label={label}
      size="md"
      checked={ticked > 0 && ticked === ids.length}
      indeterminate={ticked > 0 && ticked < ids.length}
      disabled={ids.length === 0}
      onChange={(event) => selection.set(ids, event.currentTarget.checked)}
    />
  );
}

/** What a list deletes in bulk: its words, the shared request schema, the request and the list to reload. */
export interface BulkDeleteKind {
  words: BulkDeleteWords;
  schema: ZodType;
  send: (ids: number[]) => Promise<number>;
  listKey: QueryKey;
}

/** Deletes the ticked rows in one request after one confirmation; the list reloads. */
function useBulkDelete(kind: BulkDeleteKind, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: kind.send,
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: kind.listKey });
    },
    onError: (error) => console.error(error),
  });
  /** The shared limit is checked before asking: a refusal says why and nothing is sent. */
  const withinLimit = (ids: number[]) => {
    removal.reset();
    const parsed = kind.schema.safeParse({ ids });
    setRefusal(parsed.success ? null : (parsed.error.issues[0]?.message ?? kind.words.limit));
    return parsed.success;
  };
  const askToDelete = async (ids: number[]) => {
    if (withinLimit(ids) && (await askToConfirm(kind.words.confirmation(ids.length)))) removal.mutate(ids);
  };
  return {
    askToDelete,
    busy: removal.isPending,
    deleted: removal.data ?? null,
    message: refusal ?? (removal.isError ? failureMessage(removal.error, kind.words.failed) : null),
  };
}

/**
 * Above a list when rows are ticked: how many, Select all (every row the search finds, across
 * pages), Clear, and Delete selected with the app's own confirmation; then what was deleted.
 */
export function BulkDeleteBar({
  kind,
  ids,
  matchingIds,
  selection,
  onClear,
}: {
  kind: BulkDeleteKind;
  ids: number[];
  matchingIds: readonly number[];
  selection: RowSelection;
  onClear: () => void;
}) {
  const bulk = useBulkDelete(kind, onClear);
  return (
    <Stack gap="xs">
      {bulk.deleted !== null && <InfoMessage>{kind.words.deleted(bulk.deleted)}</InfoMessage>}
      {bulk.message && <ErrorMessage>{bulk.message}</ErrorMessage>}
      {ids.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label={kind.words.selected} role="group">
          <Text size="sm" fw={600}>
            {countLabel(ids.length)} selected
          </Text>
          {ids.length < matchingIds.length && (
            <Button variant="subtle" size="compact-sm" onClick={() => selection.set(matchingIds, true)}>
              Select all {countLabel(matchingIds.length)}
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
            onClick={() => bulk.askToDelete(ids)}
          >
            Delete selected
          </Button>
        </Group>
      )}
    </Stack>
  );
}
