import { ActionIcon, Table, type TableProps, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment, type MouseEventHandler, type ReactNode } from 'react';
import { type RowSelection, SelectRowBox, SelectShownBox } from './bulk-delete';

/**
 * A Settings table of `rows`, named `label` ('Contacts'): with `selection`, a first column of
 * boxes for Delete selected, headed by one that ticks every row shown. `headers` are the headers
 * of the columns before the last, Actions; under 600 px (`narrow`) the table does not scroll sideways.
 */
export function RecordTable<Row extends { id: number }>({
  label,
  rows,
  narrow,
  selection,
  horizontalSpacing,
  headers,
  children,
}: {
  label: string;
  rows: Row[];
  narrow: boolean;
  selection?: RowSelection;
  horizontalSpacing?: TableProps['horizontalSpacing'];
  headers: ReactNode;
  children: (row: Row) => ReactNode;
}) {
  const plural = label.toLowerCase();
  return (
    <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={horizontalSpacing}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <SelectShownBox
                  ids={rows.map((row) => row.id)}
                  label={`Select the ${plural} shown`}
                  selection={selection}
                />
              </Table.Th>
            )}
            {headers}
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>{children(row)}</Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No {plural} to show.
        </Text>
      )}
    </Table.ScrollContainer>
  );
}

/** A row's box for Delete selected, when the table offers it; `name` names the row for screen readers. */
export function SelectRowCell({
  id,
  name,
  selection,
}: {
  id: number;
  name: string;
  selection?: RowSelection;
}) {
  if (!selection) return null;
  return (
    <Table.Td>
      <SelectRowBox id={id} label={`Select ${name}`} selection={selection} />
    </Table.Td>
  );
}

/** A row's Edit and Delete buttons, named after the row; Delete waits while `busy`. */
export function EditDeleteIcons({
  name,
  busy,
  onEdit,
  onDelete,
}: {
  name: string;
  busy: boolean;
  onEdit: MouseEventHandler;
  onDelete: MouseEventHandler;
}) {
  return (
    <>
      <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.9"
        aria-label={`Delete ${name}`}
        disabled={busy}
        onClick={onDelete}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </>
  );
}
