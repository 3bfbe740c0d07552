import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useActiveAccount } from './account-api';

export interface EditedRecord<T> {
  editing: boolean;
  record: T | null;
  loading: boolean;
  error: Error | null;
}

/**
 * The record an edit form opens with: the one a list passed in the navigation state under
 * `stateKey`, or, after a reload, the one read by the `id` query value. No id means "add".
 */
export function useEditedRecord<T, K extends QueryKey>(
  stateKey: string,
  schema: z.ZodType<T>,
  queryFor: (id: number, clientId: number | undefined) => UseQueryOptions<T, Error, T, K>,
): EditedRecord<T> {
  const { clientId } = useActiveAccount();
  const state = z.object({ [stateKey]: schema }).safeParse(useLocation().state);
  const id = Number(useSearchParams()[0].get('id'));
  const passed = state.success ? (state.data[stateKey] as T) : null;
  const lookup = useQuery({
    ...queryFor(id, clientId),
    enabled: passed === null && Number.isInteger(id) && id > 0,
  });
  if (passed) return { editing: true, record: passed, loading: false, error: null };
  return {
    editing: lookup.isEnabled,
    record: lookup.data ?? null,
    loading: lookup.isLoading,
    error: lookup.error,
  };
}
