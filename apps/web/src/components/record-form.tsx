import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { failureMessage } from '../lib/api-client';
import { useEditedRecord } from '../lib/use-edited-record';
import { DeleteButton } from './delete-button';
import { ErrorMessage, InfoMessage } from './form-message';
import { ManagersOnly } from './managers-only';
import { SettingsTabs } from './settings-tabs';

/** Where a form's record comes from: the list's navigation state under `stateKey`, or a read by id. */
export interface RecordSource<T, K extends QueryKey> {
  stateKey: string;
  schema: z.ZodType<T>;
  queryFor: (id: number, clientId: number | undefined) => UseQueryOptions<T, Error, T, K>;
  /** Said when the record cannot be read. */
  notFound: string;
}

interface RecordFormProps<T, K extends QueryKey> {
  noun: string;
  source: RecordSource<T, K>;
  children: (record: T | null) => ReactNode;
}

/**
 * A Settings page that adds or edits one `noun`, for managers only (spec part 2 §2): `children`
 * draws the form of the record from `source` (none: a new one) once it is read. A form of another
 * record starts again from its values.
 */
export function SettingsFormPage<T extends { id: number }, K extends QueryKey>(props: RecordFormProps<T, K>) {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <ManagersOnly title={props.noun}>
          <EditedRecordForm {...props} />
        </ManagersOnly>
      </Stack>
    </Container>
  );
}

function EditedRecordForm<T extends { id: number }, K extends QueryKey>({
  noun,
  source,
  children,
}: RecordFormProps<T, K>) {
  const edited = useEditedRecord(source.stateKey, source.schema, source.queryFor);
  return (
    <>
      <Title order={1}>{edited.editing ? `Edit ${noun}` : `Add ${noun}`}</Title>
      {edited.loading && <Text role="status">{MESSAGES.loading}</Text>}
      {edited.error && <ErrorMessage>{failureMessage(edited.error, source.notFound)}</ErrorMessage>}
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
