import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../lib/api-client';
import type { EditedRecord } from '../lib/use-edited-record';
import { DeleteButton } from './delete-button';
import { ErrorMessage, InfoMessage } from './form-message';
import { ManagersOnly } from './managers-only';
import { SettingsTabs } from './settings-tabs';

/** A Settings page that adds or edits one `noun`, for managers only (spec part 2 §2). */
export function SettingsFormPage({ noun, children }: { noun: string; children: ReactNode }) {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <ManagersOnly title={noun}>{children}</ManagersOnly>
      </Stack>
    </Container>
  );
}

/**
 * The form of the record being edited (none: a new one) under its title, once the record is read;
 * `notFound` shows when it cannot be. A form of another record starts again from its values.
 */
export function EditedRecordForm<T extends { id: number }>({
  noun,
  edited,
  notFound,
  children,
}: {
  noun: string;
  edited: EditedRecord<T>;
  notFound: string;
  children: (record: T | null) => ReactNode;
}) {
  return (
    <>
      <Title order={1}>{edited.editing ? `Edit ${noun}` : `Add ${noun}`}</Title>
      {edited.loading && <Text role="status">{MESSAGES.loading}</Text>}
      {edited.error && <ErrorMessage>{failureMessage(edited.error, notFound)}</ErrorMessage>}
      {!edited.loading && !edited.error && (
        <Paper key={edited.record?.id ?? 'new'} withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={720}>
          {children(edited.record)}
        </Paper>
      )}
    </>
  );
}

/** Where a form's save stands. */
export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
}

/** Where a form's Delete stands: its failure, whether it runs, and how to ask for it. */
export interface RemovalState<T> {
  message: string | null;
  busy: boolean;
  askToDelete: (record: T) => void;
}

/** The list a record's form goes back to: by Close, and after the saved message stood for `delay` ms. */
export interface FormReturn {
  listPath: string;
  savedMessage: string;
  delay: number;
}

function useBackToListAfterSave(saved: boolean, { listPath, delay }: FormReturn) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(listPath), delay);
    return () => clearTimeout(timer);
  }, [saved, navigate, listPath, delay]);
}

/**
 * The end of a record's form: how the save and the Delete went, Save, Close and, for a saved
 * `record`, Delete. A save goes `back` to the list.
 */
export function RecordFormFooter<T>({
  save,
  removal,
  record,
  back,
}: {
  save: SaveState;
  removal: RemovalState<T>;
  record: T | null;
  back: FormReturn;
}) {
  const navigate = useNavigate();
  useBackToListAfterSave(save.isSuccess, back);
  return (
    <>
      {save.isSuccess && <InfoMessage>{back.savedMessage}</InfoMessage>}
      {save.isError && <ErrorMessage>{failureMessage(save.error, MESSAGES.tryAgain)}</ErrorMessage>}
      {removal.message && <ErrorMessage>{removal.message}</ErrorMessage>}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={save.isSuccess}>
            Save
          </Button>
          <Button variant="default" onClick={() => navigate(back.listPath)}>
            Close
          </Button>
        </Group>
        {record && <DeleteButton busy={removal.busy} onClick={() => removal.askToDelete(record)} />}
      </Group>
    </>
  );
}
