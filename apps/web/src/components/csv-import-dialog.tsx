import { Button, FileButton, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { type CheckedRows, CSV_MESSAGES, type ImportResult, isCsvFileName } from '@pluvio/shared/csv-import';
import { errorBodySchema } from '@pluvio/shared/errors';
import { MESSAGES } from '@pluvio/shared/messages';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { useRef, useState } from 'react';
import { ApiError, failureMessage } from '../lib/api-client';
import { ErrorMessage, InfoMessage } from './form-message';

type ImportFailure = ImportResult['errors'][number];

/** What differs between the location and the contact import (spec part 2 §5). */
export interface CsvImportKind<Row extends { row: number }> {
  /** 'Locations' or 'Contacts', as in 'Upload Locations CSV'. */
  noun: string;
  exampleCsv: string;
  exampleFileName: string;
  /** Checks the parsed records of the file (the shared rules). */
  check: (records: string[][]) => CheckedRows<Row>;
  /** Any row problem stops the whole import (contacts); otherwise the valid rows still import. */
  allOrNothing: boolean;
  /** Sends the valid rows in one request. */
  send: (rows: Row[]) => Promise<ImportResult>;
  /** The text of a row the server refused; `sent` is the row as it was sent. */
  failed: (failure: ImportFailure, sent: Row | undefined) => string;
  succeeded: string;
}

interface Outcome {
  errors: string[];
  existing: string[];
  created: number | null;
  success: string | null;
}

const NOTHING_SENT = { existing: [], created: null, success: null };

/** 1,234 bytes as '1.2 KB'. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Saves text as a file through a temporary link. */
function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The messages of a refused import request: a 422 lists one 'Row n: ...' per bad row. */
function requestFailureMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    const body = errorBodySchema.safeParse(error.body);
    if (body.success && Array.isArray(body.data.detail)) return body.data.detail.map((issue) => issue.msg);
  }
  return [failureMessage(error, MESSAGES.tryAgain)];
}

/** Parses the file, checks its rows and sends the valid ones in one request. */
async function runImport<Row extends { row: number }>(
  file: File,
  kind: CsvImportKind<Row>,
): Promise<Outcome> {
  const parsed = Papa.parse<string[]>(await file.text(), { header: false, skipEmptyLines: true });
  const parseError = parsed.errors[0];
  if (parseError) return { errors: [CSV_MESSAGES.parsing(parseError.message)], ...NOTHING_SENT };
  const checked = kind.check(parsed.data);
  const rowErrors = checked.errors.map(({ row, message }) => CSV_MESSAGES.row(row, message));
  if (kind.allOrNothing && rowErrors.length > 0) return { errors: rowErrors, ...NOTHING_SENT };
  if (checked.rows.length === 0) {
    return { errors: rowErrors.length > 0 ? rowErrors : [CSV_MESSAGES.noRows], ...NOTHING_SENT };
  }
  let result: ImportResult;
  try {
    result = await kind.send(checked.rows);
  } catch (error) {
    return { errors: [...rowErrors, ...requestFailureMessages(error)], ...NOTHING_SENT };
  }
  const serverErrors = result.errors.map((failure) =>
    CSV_MESSAGES.row(
      failure.row,
      kind.failed(
        failure,
        checked.rows.find((row) => row.row === failure.row),
      ),
    ),
  );
  const errors = [...rowErrors, ...serverErrors];
  const nothingNew = result.created === 0 && result.existing.length > 0;
  return {
    errors,
    existing: result.existing.map(({ row, name }) => CSV_MESSAGES.alreadyThere(row, name)),
    created: result.created,
    success: errors.length > 0 ? null : nothingNew ? CSV_MESSAGES.nothingNew(kind.noun) : kind.succeeded,
  };
}

function OutcomeView({ outcome, noun }: { outcome: Outcome; noun: string }) {
  return (
    <Stack gap="sm">
      {outcome.success && <InfoMessage>{outcome.success}</InfoMessage>}
      {outcome.created !== null && (
        <Text size="sm">
          {noun} added: {outcome.created}
        </Text>
      )}
      {outcome.errors.length > 0 && (
        <ErrorMessage>
          <List size="sm" spacing={4}>
            {outcome.errors.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </ErrorMessage>
      )}
      {outcome.existing.length > 0 && (
        <List size="sm" spacing={4} aria-label="Rows already there">
          {outcome.existing.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The bulk upload under a settings list (spec part 2 §4 "Upload flow"): pick a .csv file, see
 * its name and size, Process File, then the result; the list reloads when the dialog closes.
 * With `blockedMessage` the upload button only shows that message (the tier gate).
 */
export function CsvImportDialog<Row extends { row: number }>({
  kind,
  blockedMessage,
  onClosed,
}: {
  kind: CsvImportKind<Row>;
  blockedMessage?: string;
  onClosed: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resetPicker = useRef<() => void>(null);
  const title = `Upload ${kind.noun} CSV`;

  const choose = (picked: File | null) => {
    resetPicker.current?.();
    if (!picked) return;
    if (!isCsvFileName(picked.name)) {
      setNotice(CSV_MESSAGES.onlyCsv);
      return;
    }
    setNotice(null);
    setOutcome(null);
    setFile(picked);
  };

  const process = async () => {
    if (!file) return;
    setProcessing(true);
    try {
      setOutcome(await runImport(file, kind));
    } catch (error) {
      console.error('The file could not be processed', error);
      setOutcome({ errors: [MESSAGES.tryAgain], ...NOTHING_SENT });
    } finally {
      setProcessing(false);
    }
  };

  const close = () => {
    if (processing) return;
    setFile(null);
    setOutcome(null);
    onClosed();
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        {blockedMessage ? (
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => setNotice(blockedMessage)}
          >
            {title}
          </Button>
        ) : (
          <FileButton
            onChange={choose}
            accept=".csv,text/csv"
            resetRef={resetPicker}
            inputProps={{ 'aria-label': `${kind.noun} CSV file` }}
          >
            {(props) => (
              <Button leftSection={<IconUpload size={18} aria-hidden />} {...props}>
                {title}
              </Button>
            )}
          </FileButton>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => downloadText(kind.exampleCsv, kind.exampleFileName)}
        >
          Download example CSV
        </Button>
      </Group>
      {notice && <ErrorMessage>{notice}</ErrorMessage>}
      <Modal
        opened={file !== null}
        onClose={close}
        title={title}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {file && (
          <Stack gap="md">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                File:
              </Text>{' '}
              {file.name} ({fileSize(file.size)})
            </Text>
            {processing && <Progress value={100} animated striped aria-label="Processing" />}
            {outcome && <OutcomeView outcome={outcome} noun={kind.noun} />}
            <Group justify="flex-end" gap="sm">
              {outcome ? (
                <Button onClick={close}>Close</Button>
              ) : (
                <>
                  <Button variant="default" onClick={close} disabled={processing}>
                    Cancel
                  </Button>
                  <Button onClick={process} disabled={processing}>
                    {processing ? 'Processing...' : 'Process File'}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
