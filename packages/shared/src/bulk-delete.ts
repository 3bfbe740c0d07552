import { z } from 'zod';
import { idValueSchema } from './inputs';
import type { Confirmation } from './messages';
import { countLabel, plural } from './words';

/**
 * Delete selected on a list (Settings > Locations, Settings > Contacts): the words for one kind
 * of record, `one` ('location'), at most `limit` a request; `consequence` says what goes with them.
 */
export function bulkDeleteWords(one: string, limit: number, consequence: string) {
  return {
    /** The one confirmation before the request: how many, and what happens to them. */
    confirmation: (count: number): Confirmation => ({
      title: `Delete ${plural(count, one)}?`,
      question: `Are you sure you want to delete ${count === 1 ? `this ${one}` : `these ${plural(count, one)}`}?`,
      consequence: `${consequence} This cannot be undone.`,
      confirmLabel: `Delete ${plural(count, one)}`,
      danger: true,
    }),
    limit: `At most ${countLabel(limit)} ${one}s can be deleted at once. Select fewer and delete them in turns.`,
    deleted: (count: number) => `${plural(count, one)} deleted.`,
    failed: `The ${one}s could not be deleted. Nothing was deleted; please try again.`,
    /** Names the bar of ticked rows for screen readers. */
    selected: `Selected ${one}s`,
  };
}

export type BulkDeleteWords = ReturnType<typeof bulkDeleteWords>;

/** A bulk delete's body: the ids, all of one account, at most `limit` with `words.limit` past it. */
export function bulkDeleteSchema(limit: number, words: BulkDeleteWords) {
  return z.object({ ids: z.array(idValueSchema).min(1).max(limit, words.limit) });
}

/** A bulk delete's answer: how many were deleted. */
export const bulkDeletedSchema = z.object({ deleted: z.number().int() });
