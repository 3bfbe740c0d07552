import { Stack, Table, Text } from '@mantine/core';
import type { Location } from '@pluvio/shared/locations';
import { TableHead } from '../../../components/table-head';
import { formatInches } from '../../../lib/rainfall-chart';
import { atlas14Rows } from './rainfall-rules';

export const REACHED_CUE = 'Reached';

/**
 * The NOAA Atlas 14 reference depths of the location (spec part 1 §2), with the rows its
 * current 24-hour total reaches marked.
 */
export function Atlas14Table({ location }: { location: Location }) {
  const rows = atlas14Rows(location.atlas14_threshold, location.total_rainfall);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Current 24-hour total: {formatInches(location.total_rainfall)} in
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="NOAA Atlas 14" withTableBorder withColumnBorders>
          <TableHead
            columns={[
              'Average Recurrence Interval (years)',
              { label: '24 Hour Amount', numeric: true },
              { label: '1 Hour Amount', numeric: true },
            ]}
          />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.years} bg={row.reached ? 'red.1' : undefined}>
                <Table.Td>
                  {row.years}
                  {row.reached && (
                    <Text component="span" size="xs" fw={700} ml={8}>
                      {REACHED_CUE}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.h24}</Table.Td>
                <Table.Td ta="right">{row.h1}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
