import { Anchor, Box, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  REPORT_FORMAT_LABELS,
  REPORT_MESSAGES,
  type ReportFormat,
  type ReportTask,
  reportNextSteps,
} from '@pluvio/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { PATHS } from '../../lib/routes';
import { saveFile } from '../../lib/save-file';
import { downloadReportCsv, reportTaskQuery, type TaskFile, taskFileQuery } from './api';
import type { ReportCall } from './report-request';

/** The height of the result area (part 2 §2). */
export const RESULT_HEIGHT = 700;

/** What the result area shows after a submit. */
export type Outcome =
  | {
      kind: 'report';
      html: string;
      /** The same report as CSV, for the Download CSV button. */
      csv: ReportCall;
    }
  | { kind: 'task'; taskId: string; format: ReportFormat; recipients: number }
  | { kind: 'failure'; lines: string[] };

type TaskOutcome = Extract<Outcome, { kind: 'task' }>;

function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return (
    <Stack gap={4}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one message never move
        <div key={index}>{line}</div>
      ))}
    </Stack>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A rendered report in a sandbox: no scripts run; printing needs modals. The frame is as tall as
 * the report (measured when it loads and when the window changes), so the report reads with the
 * page's own scroll instead of in a small box inside it.
 */
function ReportFrame({ html, tools, notes }: { html: string; tools?: ReactNode; notes?: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const fit = () => {
    const page = frame.current?.contentDocument?.documentElement;
    if (page) setHeight(page.scrollHeight);
  };
  useWindowEvent('resize', fit);
  return (
    <Stack gap="sm">
      {notes}
      <Group gap="sm">
        <Button variant="default" onClick={() => frame.current?.contentWindow?.print()}>
          Print
        </Button>
        {tools}
      </Group>
      <Box
        component="iframe"
        ref={frame}
        title="Report"
        sandbox="allow-modals allow-same-origin"
        srcDoc={html}
        onLoad={fit}
        style={{ width: '100%', border: 0, height: height ?? RESULT_HEIGHT }}
      />
    </Stack>
  );
}

function CsvDownload({ call }: { call: ReportCall }) {
  const [state, setState] = useState<{ saving: boolean; saved: boolean; failure: string | null }>({
    saving: false,
    saved: false,
    failure: null,
  });
  const download = async () => {
    setState({ saving: true, saved: false, failure: null });
    try {
      await downloadReportCsv(call);
      setState({ saving: false, saved: true, failure: null });
    } catch (error) {
      setState({ saving: false, saved: false, failure: messageOf(error) });
    }
  };
  return (
    <>
      <Button variant="default" onClick={download} loading={state.saving}>
        Download CSV
      </Button>
      {state.saved && (
        <Text size="sm" role="status">
          {REPORT_MESSAGES.checkDownloads}
        </Text>
      )}
      {state.failure && (
        <Text size="sm" c="red.9" role="alert">
          {REPORT_MESSAGES.fetchFailed}: {state.failure}
        </Text>
      )}
    </>
  );
}

function ShownReport({ outcome }: { outcome: Extract<Outcome, { kind: 'report' }> }) {
  return <ReportFrame html={outcome.html} tools={<CsvDownload call={outcome.csv} />} />;
}

function MailLinks({ messageIds }: { messageIds: readonly number[] }) {
  if (messageIds.length === 0) return null;
  return (
    <List size="sm" aria-label="Report e-mails">
      {messageIds.map((id) => (
        <List.Item key={id}>
          {/* The box's own dark blue, underlined: Mantine's link blue is too light on the blue box. */}
          <Anchor
            component={Link}
            to={`${PATHS.mailViewer}?message=${id}`}
            inherit
            c="inherit"
            underline="always"
          >
            Open e-mail {id} in the mail viewer
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** The spec's words with the task id small beside them (issue 26). */
function Submitted({ taskId }: { taskId: string }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs">
      <Text inherit fw={600}>
        {REPORT_MESSAGES.submitted}
      </Text>
      <Text size="xs" c="inherit" style={{ wordBreak: 'break-all' }}>
        Task ID: {taskId}
      </Text>
    </Group>
  );
}

/** An object URL of a file for as long as it is shown. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** Open (a PDF, in a new tab) and Download links to a task's file; CSV and Excel save by themselves once. */
function FileLinks({ file, format }: { file: TaskFile; format: ReportFormat }) {
  const url = useObjectUrl(file.blob);
  const saves = format === 'csv' || format === 'excel';
  const saved = useRef(false);
  useEffect(() => {
    if (!saves || saved.current) return;
    saved.current = true;
    saveFile(file.blob, file.filename);
  }, [saves, file]);
  if (!url) return null;
  return (
    <Stack gap="xs">
      {saves && <Text inherit>{REPORT_MESSAGES.checkDownloads}</Text>}
      <Text inherit size="sm" style={{ wordBreak: 'break-all' }}>
        {file.filename}
      </Text>
      <Group gap="sm">
        {format === 'pdf' && (
          <Button component="a" href={url} target="_blank" rel="noopener">
            Open PDF
          </Button>
        )}
        <Button component="a" href={url} download={file.filename} variant="default">
          {saves ? REPORT_MESSAGES.downloadAgain : `Download ${REPORT_FORMAT_LABELS[format]}`}
        </Button>
      </Group>
    </Stack>
  );
}

/** A finished task: the HTML report shown in the frame, any other file linked. */
function TaskDone({
  outcome,
  task,
  isSuperuser,
}: {
  outcome: TaskOutcome;
  task: ReportTask;
  isSuperuser: boolean;
}) {
  const file = useQuery(taskFileQuery(outcome.taskId));
  const url = useObjectUrl(file.data?.html ? file.data.blob : undefined);
  if (file.isError)
    return (
      <ErrorMessage>
        <Lines lines={[REPORT_MESSAGES.fetchFailed, messageOf(file.error)]} />
      </ErrorMessage>
    );
  if (!file.data) return <Text role="status">{MESSAGES.loading}</Text>;
  const sent = outcome.recipients > 0 && (
    <>
      <Text inherit>{file.data.html ? REPORT_MESSAGES.alsoSent : REPORT_MESSAGES.checkEmail}</Text>
      {isSuperuser && <MailLinks messageIds={task.message_ids} />}
    </>
  );
  if (file.data.html !== null)
    return (
      <ReportFrame
        html={file.data.html}
        tools={
          url && (
            <Button component="a" href={url} download={file.data.filename} variant="default">
              Download {REPORT_FORMAT_LABELS.html}
            </Button>
          )
        }
        notes={
          <InfoMessage>
            <Stack gap={4}>
              <Submitted taskId={outcome.taskId} />
              {sent}
            </Stack>
          </InfoMessage>
        }
      />
    );
  return (
    <InfoMessage>
      <Stack gap="xs">
        <Submitted taskId={outcome.taskId} />
        <Text inherit>{REPORT_MESSAGES.ready}</Text>
        {sent}
        <FileLinks file={file.data} format={outcome.format} />
      </Stack>
    </InfoMessage>
  );
}

function TaskProgress({ task, outcome }: { task: ReportTask | undefined; outcome: TaskOutcome }) {
  const progress = task?.progress ?? 0;
  const stage = task?.stage ?? (task?.status === 'running' ? 'Preparing the report' : 'Waiting to start');
  return (
    <InfoMessage>
      <Stack gap="xs">
        <Submitted taskId={outcome.taskId} />
        <Text inherit>{reportNextSteps(outcome.format, outcome.recipients)}</Text>
        <Group justify="space-between" gap="xs">
          <Text inherit>{stage}</Text>
          <Text inherit>{progress}%</Text>
        </Group>
        <Progress value={progress} aria-label="Report progress" animated striped />
      </Stack>
    </InfoMessage>
  );
}

function FollowedTask({ outcome, isSuperuser }: { outcome: TaskOutcome; isSuperuser: boolean }) {
  const query = useQuery(reportTaskQuery(outcome.taskId));
  const task = query.data;
  if (query.isError)
    return (
      <ErrorMessage>
        <Lines lines={[REPORT_MESSAGES.submitFailed, messageOf(query.error)]} />
      </ErrorMessage>
    );
  if (task?.status === 'failed')
    return (
      <ErrorMessage>
        <Lines lines={[REPORT_MESSAGES.submitFailed, task.error ?? '']} />
      </ErrorMessage>
    );
  if (task?.status !== 'done') return <TaskProgress task={task} outcome={outcome} />;
  return <TaskDone outcome={outcome} task={task} isSuperuser={isSuperuser} />;
}

/** Whether the outcome is, or may end in, a report shown in the frame. */
function showsReport(outcome: Outcome | null): boolean {
  return outcome?.kind === 'report' || (outcome?.kind === 'task' && outcome.format === 'html');
}

/**
 * The result area: 700px high (part 2 §2) for the task's progress or the outcome, as tall as the
 * report when it shows one. On a phone a message alone keeps its own height: the form comes after
 * it, not a screenful later.
 */
export function ReportResult({ outcome, isSuperuser }: { outcome: Outcome | null; isSuperuser: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      h={showsReport(outcome) ? 'auto' : { base: 'auto', md: RESULT_HEIGHT }}
      component="section"
      aria-label="Report result"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'auto' }}
    >
      {!outcome && (
        <Text m="auto" ta="center">
          Choose a report and press View Report, Download Report or Email Report. The result appears here.
        </Text>
      )}
      {outcome?.kind === 'report' && <ShownReport outcome={outcome} />}
      {outcome?.kind === 'task' && (
        <FollowedTask key={outcome.taskId} outcome={outcome} isSuperuser={isSuperuser} />
      )}
      {outcome?.kind === 'failure' && (
        <ErrorMessage>
          <Lines lines={outcome.lines} />
        </ErrorMessage>
      )}
    </Paper>
  );
}
