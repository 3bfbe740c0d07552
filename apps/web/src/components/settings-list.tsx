import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BulkDeleteBar, type BulkDeleteKind, type RowSelection, useRowSelection } from './bulk-delete';
import { ErrorMessage } from './form-message';
import { ManagersOnly } from './managers-only';
import { PagedRows, useSearchedPages } from './paged-rows';
import { SettingsTabs } from './settings-tabs';

/** A list page of Settings (spec part 2 §2): the tabs, the title and, for managers only, the list. */
export function SettingsListPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <ManagersOnly>{children}</ManagersOnly>
      </Stack>
    </Container>
  );
}

export interface ListAddButton {
  label: string;
  path: string;
}

/** A list as read: its rows, and whether the read is still under way. */
export interface LoadedList<Row> {
  rows: Row[];
  loading: boolean;
}

/** How a list is searched: the search box's hint, and whether a row matches the text. */
export interface ListSearch<Row> {
  placeholder: string;
  matches: (row: Row, text: string) => boolean;
}

function SearchBar({
  placeholder,
  search,
  onSearch,
  add,
}: {
  placeholder: string;
  search: string;
  onSearch: (text: string) => void;
  add?: ListAddButton;
}) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <TextInput
        type="search"
        label="Search"
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
        maw={420}
      />
      {add && (
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => navigate(add.path)}>
          {add.label}
        </Button>
      )}
    </Group>
  );
}

/**
 * A searched list of a Settings page, one page of rows at a time: the search and the Add button
 * (`add`, where the viewer may add) above it, then the removal's failure, `notice`, and Delete
 * selected (`bulkDelete`, where the viewer may use it). `table` draws the page's rows, with the
 * selection when Delete selected is offered; `children` stands below the list.
 */
export function SettingsList<Row extends { id: number }>({
  list: { rows, loading },
  search: { placeholder, matches },
  add,
  removalError,
  notice,
  bulkDelete,
  table,
  children,
}: {
  list: LoadedList<Row>;
  search: ListSearch<Row>;
  add?: ListAddButton;
  removalError: string | null;
  notice?: ReactNode;
  bulkDelete?: BulkDeleteKind;
  table: (shown: Row[], selection: RowSelection | undefined) => ReactNode;
  children?: ReactNode;
}) {
  const { search, setSearch, page, setPage } = useSearchedPages();
  const matching = rows.filter((row) => matches(row, search));
  const ticked = useRowSelection(rows.map((row) => row.id));
  return (
    <Stack gap="md">
      <SearchBar placeholder={placeholder} search={search} onSearch={setSearch} add={add} />
      {removalError && <ErrorMessage>{removalError}</ErrorMessage>}
      {notice}
      {bulkDelete && (
        <BulkDeleteBar
          kind={bulkDelete}
          ids={ticked.ids}
          matchingIds={matching.map((row) => row.id)}
          selection={ticked.selection}
          onClear={ticked.clear}
        />
      )}
      {loading ? (
        <Text role="status">{MESSAGES.loading}</Text>
      ) : (
        <PagedRows rows={matching} page={page} onPage={setPage}>
          {(shown) => table(shown, bulkDelete ? ticked.selection : undefined)}
        </PagedRows>
      )}
      {children}
    </Stack>
  );
}
