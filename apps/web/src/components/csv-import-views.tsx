import { List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { CSV_MESSAGES, type ImportResult } from '@pluvio/shared/csv-import';
import { useIsMobile } from '../lib/use-is-mobile';
import { ErrorMessage, InfoMessage } from './form-message';

/** At most this many new rows are listed in a preview; the count says how many there are. */
export const PREVIEW_ROWS = 100;

/** What the preview shows of the rows a file adds. */
export interface RowTable<Row> {
  /** Column headings, as in the settings list. */
  headings: readonly string[];
  cells: (row: Row) => readonly (string | number)[];
  /** The columns (indexes into `headings`) shown on phones; all when left out. */
  phoneColumns?: readonly number[];
}

/** A scrolling box reachable by keyboard (axe: scrollable-region-focusable). */
const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

/** The file's or the server's problems, every one, and that nothing was imported. */
export function ImportProblems({ messages }: { messages: readonly string[] }) {
  return (
    <ErrorMessage>
      <Stack gap="xs">
        <List size="sm" spacing={4}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          {CSV_MESSAGES.nothingImported}
        </Text>
      </Stack>
    </ErrorMessage>
  );
}

/** The rows a file repeats from the account: left as they are. */
export function ExistingRows({ existing }: { existing: ImportResult['existing'] }) {
  if (existing.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={160} type="auto" viewportProps={scrollRegion('Rows already there')}>
      <List size="sm" spacing={4} aria-label="Rows already there">
        {existing.map(({ row, name }) => (
          <List.Item key={row}>{CSV_MESSAGES.alreadyThere(row, name)}</List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}

/** The first PREVIEW_ROWS rows that will be added, with the count of the others. */
export function NewRows<Row extends { row: number }>({ rows, table }: { rows: Row[]; table: RowTable<Row> }) {
  const narrow = useIsMobile();
  const shown = rows.slice(0, PREVIEW_ROWS);
  const columns = table.headings
    .map((_, index) => index)
    .filter((index) => !narrow || !table.phoneColumns || table.phoneColumns.includes(index));
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={280} type="auto" viewportProps={scrollRegion('Rows to add')}>
        <Table striped highlightOnHover withTableBorder fz="sm" aria-label="Rows to add">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              {columns.map((index) => (
                <Table.Th key={table.headings[index]}>{table.headings[index]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const cells = table.cells(row);
              return (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  {columns.map((index) => (
                    <Table.Td key={table.headings[index]} style={{ overflowWrap: 'break-word' }}>
                      {cells[index]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > shown.length && (
        <Text size="sm" c="dimmed">
          {CSV_MESSAGES.moreRows(rows.length - shown.length)}
        </Text>
      )}
    </Stack>
  );
}

/** After the import: the spec's success message, how many were added, and those already there. */
export function ImportDone({
  result,
  noun,
  succeeded,
}: {
  result: ImportResult;
  noun: string;
  succeeded: string;
}) {
  return (
    <Stack gap="sm">
      <InfoMessage>{succeeded}</InfoMessage>
      <Text size="sm">
        {noun} added: {result.created.toLocaleString('en-US')}
      </Text>
      <ExistingRows existing={result.existing} />
    </Stack>
  );
}

/** Before the import: what it adds, what it leaves, and the new monthly price when it changes. */
export function ImportPreview<Row extends { row: number }>({
  rows,
  result,
  table,
  words,
}: {
  rows: Row[];
  result: ImportResult;
  table: RowTable<Row>;
  words: { noun: string; one: string; priceText?: (change: { before: number; after: number }) => string };
}) {
  if (result.created === 0) {
    return (
      <Stack gap="sm">
        <InfoMessage>{CSV_MESSAGES.nothingNew(words.noun)}</InfoMessage>
        <ExistingRows existing={result.existing} />
      </Stack>
    );
  }
  const existing = new Set(result.existing.map(({ row }) => row));
  return (
    <Stack gap="sm">
      <Text fw={600}>{CSV_MESSAGES.willAdd(result.created, words.one, words.noun.toLowerCase())}</Text>
      <NewRows rows={rows.filter((row) => !existing.has(row.row))} table={table} />
      {result.monthly_price && words.priceText && (
        <InfoMessage>{words.priceText(result.monthly_price)}</InfoMessage>
      )}
      <ExistingRows existing={result.existing} />
    </Stack>
  );
}
