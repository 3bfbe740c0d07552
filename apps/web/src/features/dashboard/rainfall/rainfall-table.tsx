import { Badge, Box, Table, Text } from '@mantine/core';
import { TableHead } from '../../../components/table-head';
import { formatInches } from '../../../lib/rainfall-chart';
import type { TableRow } from './rainfall-rules';

const TABLE_HEIGHT_PX = 400;
export const ABOVE_THRESHOLD_CUE = 'Above threshold';
export const PROVISIONAL_CUE = 'Provisional';

export interface RainfallTableProps {
  rows: readonly TableRow[];
  /** The table's accessible name, e.g. 'Hourly rainfall'. */
  name: string;
  /** The first column's header, e.g. 'Date Time (MM-DD HH:mm)' (spec part 1 §2). */
  timeHeader: string;
}

/** A chart's numbers in the Table View (spec part 1 §2), newest first, 400 px high with its own scroll. */
export function RainfallTable({ rows, name, timeHeader }: RainfallTableProps) {
  return (
    <Box
      h={TABLE_HEIGHT_PX}
      style={{ overflowY: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`${name} table`}
    >
      <Table stickyHeader highlightOnHover aria-label={name}>
        <TableHead
          columns={[
            timeHeader,
            { label: 'Amount (inches)', numeric: true },
            { label: 'Running Total (inches)', numeric: true },
          ]}
        />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} bg={row.atOrOverThreshold ? 'orange.1' : undefined}>
              <Table.Td>
                {row.label}
                {row.provisional && (
                  <Badge ml="xs" size="xs" variant="outline" color="gray.7">
                    {PROVISIONAL_CUE}
                  </Badge>
                )}
              </Table.Td>
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
