import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface WithId {
  id: number;
}

function isListOf<T>(data: unknown): data is T[] {
  return Array.isArray(data);
}

/**
 * After a save: every cached list under `key` shows the saved item at once, then reloads from
 * the server (a page coming back to its list does not show the old row first).
 */
export function putInCachedLists<T extends WithId>(
  queryClient: QueryClient,
  key: QueryKey,
  item: T,
): Promise<void> {
  queryClient.setQueriesData({ queryKey: key }, (data: unknown) => {
    if (!isListOf<T>(data)) return data;
    return data.some((row) => row.id === item.id)
      ? data.map((row) => (row.id === item.id ? item : row))
      : [...data, item];
  });
  return queryClient.invalidateQueries({ queryKey: key });
}

/** After a delete: the item leaves every cached list under `key` at once, then they reload. */
export function dropFromCachedLists(queryClient: QueryClient, key: QueryKey, id: number): Promise<void> {
  queryClient.setQueriesData({ queryKey: key }, (data: unknown) =>
    isListOf<WithId>(data) ? data.filter((row) => row.id !== id) : data,
  );
  return queryClient.invalidateQueries({ queryKey: key });
}
