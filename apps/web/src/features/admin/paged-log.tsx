import { Container, Pagination, Stack, Table, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import type { CSSProperties, ReactNode } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { RefreshableTitle } from '../../components/refreshable-title';
import { ScrollRegion } from '../../components/scroll-region';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import type { LogRead } from './log-filters';

export const NO_WRAP = { whiteSpace: 'nowrap' } as const;
export const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/** One column of a log table: its heading and what a row shows in it. */
export interface LogColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  style?: CSSProperties;
}

interface LogPage<Row> {
  items: Row[];
  total: number;
  page_size: number;
}

/** What a log screen says: its title, its table's name for screen readers (its scroll region and pager are named after the title), and when it has nothing to show. */
export interface LogWords {
  title: string;
  tableLabel: string;
  loadError: string;
  empty: string;
}

interface PagedLogProps<Row extends { id: number | string }> {
  words: LogWords;
  log: LogRead<LogPage<Row>>;
  /** The filter fields, above the table. */
  filters: ReactNode;
  /** Shown between the filters and the table once a page has loaded. */
  summary?: ReactNode;
  /** The table's columns; times are shown in the product time zone. */
  columns: (timeZone: string) => LogColumn<Row>[];
}

/**
 * A superuser's log screen (audit trail, delivery log): title with Refresh, filters, the page of
 * rows in a table that scrolls sideways on a phone, and the pager.
 */
export function PagedLog<Row extends { id: number | string }>(props: PagedLogProps<Row>) {
  const { words } = props;
  const { query, paging } = props.log;
  const { title } = words;
  const columns = props.columns(useTimeZone());
  const loaded = query.data;
  const pages = loaded ? Math.max(1, Math.ceil(loaded.total / loaded.page_size)) : 1;
  return (
    <Container size="xl" py="lg">
      <Stack>
        <RefreshableTitle title={title} refreshing={query.isFetching} onRefresh={() => query.refetch()} />
        {props.filters}
        {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
        {query.isError && <ErrorMessage>{failureMessage(query.error, words.loadError)}</ErrorMessage>}
        {loaded && props.summary}
        {loaded && loaded.items.length === 0 && <Text>{words.empty}</Text>}
        {loaded && loaded.items.length > 0 && (
          <ScrollRegion label={`${title} table`}>
            <Table striped miw={1040} aria-label={words.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header}>{column.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.items.map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((column) => (
                      <Table.Td key={column.header} style={column.style}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={paging.page}
            onChange={paging.onPage}
            aria-label={`${title} pages`}
          />
        )}
      </Stack>
    </Container>
  );
}
