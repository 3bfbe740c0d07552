import { Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  type CheckedRows,
  CSV_MESSAGES,
  type ImportResult,
  isCsvFileName,
  parserProblem,
} from '@pluvio/shared/csv-import';
import { errorBodySchema } from '@pluvio/shared/errors';
import { MESSAGES } from '@pluvio/shared/messages';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { useRef, useState } from 'react';
import { ApiError, failureMessage } from '../lib/api-client';
import { useIsMobile } from '../lib/use-is-mobile';
import { ImportDone, ImportPreview, ImportProblems, type RowTable } from './csv-import-views';
import { ErrorMessage } from './form-message';

/** What differs between the location and the contact import (spec part 2 §5). */
export interface CsvImportKind<Row extends { row: number }> {
  /** 'Locations' or 'Contacts', as in 'Upload Locations CSV'. */
  noun: string;
  /** 'location' or 'contact'. */
  one: string;
  exampleCsv: string;
  exampleFileName: string;
  /** Checks the parsed records of the file (the shared rules). */
  check: (records: string[][]) => CheckedRows<Row>;
  /** Sends the rows in one request; with `preview` the server only says what it would do. */
  send: (rows: Row[], preview: boolean) => Promise<ImportResult>;
  /** The preview's table of new rows. */
  table: RowTable<Row>;
  /** The new monthly price, for imports that change it. */
  priceText?: (change: { before: number; after: number }) => string;
  succeeded: string;
}

/** Where the dialog is: the file chosen, its problems, the preview, or the import done. */
type Step<Row> =
  | { name: 'chosen' }
  | { name: 'problems'; messages: string[] }
  | { name: 'preview'; rows: Row[]; result: ImportResult }
  | { name: 'done'; result: ImportResult };

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

/**
 * Parses the file and checks its rows: the rows, and every problem of the file as 'Row n: ...'
 * (line numbers; blank lines are kept so that they count).
 */
async function checkFile<Row extends { row: number }>(file: File, kind: CsvImportKind<Row>) {
  const parsed = Papa.parse<string[]>(await file.text(), { header: false, skipEmptyLines: false });
  const parserErrors = parsed.errors.flatMap((error) => {
    const message = parserProblem(error.code);
    return message ? [{ row: (error.row ?? 0) + 1, message }] : [];
  });
  const checked = kind.check(parsed.data);
  const problems = [...parserErrors, ...checked.errors]
    .sort((a, b) => a.row - b.row)
    .map(({ row, message }) => CSV_MESSAGES.row(row, message));
  if (problems.length === 0 && checked.rows.length === 0) problems.push(CSV_MESSAGES.noRows);
  return { rows: checked.rows, problems };
}

/** The step after Process File: the file's problems, or the server's preview of its rows. */
async function previewFile<Row extends { row: number }>(
  file: File,
  kind: CsvImportKind<Row>,
): Promise<Step<Row>> {
  const { rows, problems } = await checkFile(file, kind);
  if (problems.length > 0) return { name: 'problems', messages: problems };
  try {
    return { name: 'preview', rows, result: await kind.send(rows, true) };
  } catch (error) {
    return { name: 'problems', messages: requestFailureMessages(error) };
  }
}

/** The import itself, after the preview. */
async function importRows<Row extends { row: number }>(
  rows: Row[],
  kind: CsvImportKind<Row>,
): Promise<Step<Row>> {
  try {
    return { name: 'done', result: await kind.send(rows, false) };
  } catch (error) {
    return { name: 'problems', messages: requestFailureMessages(error) };
  }
}

/** The step's view inside the dialog. */
function StepView<Row extends { row: number }>({
  step,
  kind,
}: {
  step: Step<Row>;
  kind: CsvImportKind<Row>;
}) {
  switch (step.name) {
    case 'chosen':
      return null;
    case 'problems':
      return <ImportProblems messages={step.messages} />;
    case 'preview':
      return <ImportPreview rows={step.rows} result={step.result} table={kind.table} words={kind} />;
    case 'done':
      return <ImportDone result={step.result} noun={kind.noun} succeeded={kind.succeeded} />;
  }
}

/** The dialog's buttons: Process File first, Import after a preview that adds rows, Close at the end. */
function StepButtons<Row>({
  step,
  busy,
  onProcess,
  onImport,
  onClose,
}: {
  step: Step<Row>;
  busy: boolean;
  onProcess: () => void;
  onImport: () => void;
  onClose: () => void;
}) {
  const next =
    step.name === 'chosen'
      ? { label: busy ? 'Processing...' : 'Process File', action: onProcess }
      : step.name === 'preview' && step.result.created > 0
        ? { label: busy ? 'Importing...' : 'Import', action: onImport }
        : null;
  if (!next) return <Button onClick={onClose}>Close</Button>;
  return (
    <>
      <Button variant="default" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={next.action} disabled={busy}>
        {next.label}
      </Button>
    </>
  );
}

/**
 * The bulk upload under a settings list (spec part 2 §4 "Upload flow"): pick a .csv file, see
 * its name and size, Process File, then a preview (the rows it adds, those already there, the
 * new monthly price) with Import or Cancel; a file with problems lists them all and imports
 * nothing. `onImported` runs once rows were added (the list reloads). With `blockedMessage` the
 * upload button only shows that message (the tier gate).
 */
export function CsvImportDialog<Row extends { row: number }>({
  kind,
  blockedMessage,
  onImported,
}: {
  kind: CsvImportKind<Row>;
  blockedMessage?: string;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step<Row>>({ name: 'chosen' });
  const resetPicker = useRef<() => void>(null);
  const narrow = useIsMobile();
  const title = `Upload ${kind.noun} CSV`;

  const choose = (picked: File | null) => {
    resetPicker.current?.();
    if (!picked) return;
    if (!isCsvFileName(picked.name)) {
      setNotice(CSV_MESSAGES.onlyCsv);
      return;
    }
    setNotice(null);
    setStep({ name: 'chosen' });
    setFile(picked);
  };

  const run = async (work: () => Promise<Step<Row>>) => {
    setBusy(true);
    try {
      const next = await work();
      setStep(next);
      if (next.name === 'done' && next.result.created > 0) onImported();
    } catch (error) {
      console.error('The file could not be processed', error);
      setStep({ name: 'problems', messages: [MESSAGES.tryAgain] });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setFile(null);
    setStep({ name: 'chosen' });
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
        size="xl"
        fullScreen={narrow}
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
            {busy && <Progress value={100} animated striped aria-label="Processing" />}
            <StepView step={step} kind={kind} />
            <Group justify="flex-end" gap="sm">
              <StepButtons
                step={step}
                busy={busy}
                onProcess={() => run(() => previewFile(file, kind))}
                onImport={() => step.name === 'preview' && run(() => importRows(step.rows, kind))}
                onClose={close}
              />
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
