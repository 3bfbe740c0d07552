import { Table } from '@mantine/core';

/** A column's heading: its label, or `{ label, numeric: true }` for a right-aligned column of numbers. */
export type HeadColumn = string | { label: string; numeric: true };

/** A table's heading row; labels are unique within a table (an action column's may be empty). */
export function TableHead({ columns }: { columns: readonly HeadColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <Table.Th key={column}>{column}</Table.Th>
          ) : (
            <Table.Th key={column.label} ta="right">
              {column.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
