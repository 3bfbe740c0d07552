import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import { MESSAGES } from '@pluvio/shared/messages';
import { OUTBOX_HELD_MEANING, OUTBOX_STATUS_LABELS, type OutboxMessage } from '@pluvio/shared/outbox.schemas';
import { plural } from '@pluvio/shared/words';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/form-message';
import { RefreshableTitle } from '../../components/refreshable-title';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { linkify } from '../../lib/linkify';
import { downloadAttachment, OUTBOX_PAGE_SIZE, outboxQuery } from './api';
import classes from './mail-viewer.module.css';
import { StatusBadge } from './outbox-status';

export const OUTBOX_TRANSPORT_NOTE =
  'No SMTP server is configured, so outgoing messages are kept here instead of being sent.';
export const SMS_TRANSPORT_NOTE =
  'No SMS provider (Twilio) is configured, so text messages are kept here instead of being sent.';

function newestFirst(items: readonly OutboxMessage[]): OutboxMessage[] {
  return [...items].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** Times as everywhere else in the app: in the product time zone, with its abbreviation. */
function when(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : alertTimeLabel(date, timeZone);
}

/** Under Mantine's `sm` breakpoint the list and the open message take the whole width in turn. */
const NARROW_QUERY = '(max-width: 47.99em)';

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
}

function AttachmentLine({ message }: { message: OutboxMessage }) {
  const [failed, setFailed] = useState<string | null>(null);
  const { attachment } = message;
  if (!attachment) return null;
  const download = () => {
    setFailed(null);
    downloadAttachment(message.id, attachment.filename).catch((error: unknown) =>
      setFailed(failureMessage(error, 'Could not download the attachment.')),
    );
  };
  return (
    <>
      <Text size="sm">
        <strong>Attachment:</strong>{' '}
        <Anchor component="button" type="button" onClick={download}>
          {attachment.filename}
        </Anchor>{' '}
        ({attachment.content_type.split(';')[0]}, {sizeText(attachment.size)})
      </Text>
      {failed && <ErrorMessage>{failed}</ErrorMessage>}
    </>
  );
}

function MessageDetail({ message, timeZone }: { message: OutboxMessage; timeZone: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby="mail-subject">
      <Stack gap="xs">
        <Title order={2} fz="h3" id="mail-subject">
          {message.subject ?? (message.channel === 'sms' ? 'Text message' : '(no subject)')}
        </Title>
        <Text size="sm">
          <strong>To:</strong> {message.to} ({message.channel === 'sms' ? 'SMS' : 'e-mail'})
        </Text>
        <Text size="sm">
          <strong>Status:</strong> {OUTBOX_STATUS_LABELS[message.status]}
          {message.attempts > 0 ? ` (${plural(message.attempts, 'attempt')})` : ''}
        </Text>
        {message.status === 'held' && (
          <Text size="sm" c="dimmed">
            {OUTBOX_HELD_MEANING}
          </Text>
        )}
        <Text size="sm">
          <strong>Date:</strong> {when(message.created_at, timeZone)}
        </Text>
        <AttachmentLine message={message} />
        {message.last_error && (
          <Text size="sm" c="red.9">
            <strong>Last error:</strong> {message.last_error}
          </Text>
        )}
        <Text className={classes.body} data-testid="mail-body">
          {linkify(message.text)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /admin/mail: the outbox of e-mails and texts, newest first (D16), superusers only. */
export function MailViewerPage() {
  // ?message={id} opens that message on its page (the Reports screen links to a report's e-mails).
  const [searchParams] = useSearchParams();
  const linked = Number(searchParams.get('message')) || null;
  const [chosenPage, setChosenPage] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(linked);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const timeZone = useTimeZone();
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const query = useQuery({
    ...outboxQuery(chosenPage ?? 1, chosenPage === null && !search ? linked : null, search),
    placeholderData: keepPreviousData,
  });
  const page = query.data?.page ?? chosenPage ?? 1;
  const items = newestFirst(query.data?.items ?? []);
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  // On a phone a chosen message replaces the list (with a way back) instead of opening below it.
  const showList = !narrow || selectedId === null;
  const showMessage = !narrow || selectedId !== null;
  const pages = query.data
    ? Math.max(1, Math.ceil(query.data.total / (query.data.page_size || OUTBOX_PAGE_SIZE)))
    : 1;

  return (
    <Container size="xl" py="lg">
      <Stack>
        <RefreshableTitle
          title="Mail Viewer"
          refreshing={query.isFetching}
          onRefresh={() => query.refetch()}
        />
        {[
          query.data?.transport === 'outbox' && OUTBOX_TRANSPORT_NOTE,
          query.data?.sms_transport === 'outbox' && SMS_TRANSPORT_NOTE,
        ]
          .filter((note): note is string => Boolean(note))
          .map((note) => (
            <Alert
              key={note}
              color="blue"
              variant="light"
              styles={{ message: { color: 'var(--mantine-color-blue-9)' } }}
            >
              {note}
            </Alert>
          ))}
        {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
        {query.isError && (
          <ErrorMessage>{failureMessage(query.error, 'Could not load the messages.')}</ErrorMessage>
        )}
        <TextInput
          type="search"
          label="Search messages"
          placeholder="Recipient or subject"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          maw={420}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setChosenPage(1);
            setSelectedId(null);
          }}
        />
        {query.data && items.length === 0 && (
          <Text>{search ? `No messages to or about “${search}”.` : 'No messages yet.'}</Text>
        )}
        {items.length > 0 && (
          <Grid>
            {showList && (
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <Stack gap={4} component="ul" className={classes.list} aria-label="Messages">
                  {items.map((item) => (
                    <li key={item.id}>
                      <UnstyledButton
                        className={classes.item}
                        aria-current={item.id === selected?.id ? 'true' : undefined}
                        onClick={() => setSelectedId(item.id)}
                      >
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text fw={600} size="sm" lineClamp={1}>
                            {item.subject ?? `(${item.channel})`}
                          </Text>
                          <StatusBadge status={item.status} size="sm" style={{ flexShrink: 0 }} />
                        </Group>
                        <Text size="xs" lineClamp={1}>
                          {item.to} · {when(item.created_at, timeZone)}
                        </Text>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
                {pages > 1 && (
                  <Pagination
                    mt="sm"
                    total={pages}
                    value={page}
                    onChange={setChosenPage}
                    aria-label="Message pages"
                  />
                )}
              </Grid.Col>
            )}
            {showMessage && selected && (
              <Grid.Col span={{ base: 12, sm: 7 }}>
                {narrow && (
                  <Button
                    variant="subtle"
                    leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                    onClick={() => setSelectedId(null)}
                    mb="xs"
                  >
                    All messages
                  </Button>
                )}
                <MessageDetail message={selected} timeZone={timeZone} />
              </Grid.Col>
            )}
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
