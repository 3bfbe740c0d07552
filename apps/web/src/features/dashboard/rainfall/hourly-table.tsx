import { Box, Table, Text } from '@mantine/core';
import { formatInches, type TableRow } from './rainfall-rules';

const TABLE_HEIGHT_PX = 400;
export const ABOVE_THRESHOLD_CUE = 'Above threshold';

/** The hourly table of the Table View (spec part 1 §2), 400 px high with its own scroll. */
export function HourlyTable({ rows }: { rows: readonly TableRow[] }) {
  return (
    <Box
      h={TABLE_HEIGHT_PX}
      style={{ overflowY: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label="Hourly rainfall table"
    >
      <Table stickyHeader highlightOnHover aria-label="Hourly rainfall">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date Time (MM-DD HH:mm)</Table.Th>
            <Table.Th ta="right">Amount (inches)</Table.Th>
            <Table.Th ta="right">Running Total (inches)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} bg={row.atOrOverThreshold ? 'orange.1' : undefined}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">
                {formatInches(row.amount)}
                {row.atOrOverThreshold && (
                  <Text size="xs" fw={700}>
                    {ABOVE_THRESHOLD_CUE}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatInches(row.runningTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
