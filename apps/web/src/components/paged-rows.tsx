import { Group, Pagination, Stack, Text } from '@mantine/core';
import { listRange } from '@pluvio/shared/messages';
import { type ReactNode, useState } from 'react';

/** Rows drawn at once: an account of 5,000 locations drew them all, and took half a minute. */
export const ROWS_PER_PAGE = 50;

/**
 * A list drawn one page at a time (`children` draws the page's rows), with the range and the
 * pages under it when there is more than one.
 */
export function PagedRows<T>({
  rows,
  page,
  onPage,
  children,
}: {
  rows: T[];
  page: number;
  onPage: (page: number) => void;
  children: (shown: T[]) => ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages);
  const first = (current - 1) * ROWS_PER_PAGE;
  return (
    <Stack gap="sm">
      {children(rows.slice(first, first + ROWS_PER_PAGE))}
      {pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {listRange(first + 1, Math.min(first + ROWS_PER_PAGE, rows.length), rows.length)}
          </Text>
          <Pagination total={pages} value={current} onChange={onPage} size="sm" aria-label="Pages" />
        </Group>
      )}
    </Stack>
  );
}

/** A paged list's search text and page; a new search starts again at page 1. */
export function useSearchedPages() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  return { search, setSearch, page, setPage };
}
