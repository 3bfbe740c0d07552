import { Anchor, List, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@pluvio/shared/audit.schemas';
import { clientSchema } from '@pluvio/shared/clients';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchAllPages } from '../../lib/account-api';
import { type AuditFilters, auditQuery } from './audit-api';
import { actorName, summarise, userName } from './audit-summary';
import { DateRangeFields, useLog } from './log-filters';
import { type LogColumn, type LogWords, NO_WRAP, PagedLog, WRAP_ANYWHERE } from './paged-log';

const WORDS: LogWords = {
  title: 'Audit Trail',
  tableLabel: 'Audit entries',
  loadError: 'Could not load the audit trail.',
  empty: 'No audit entries match these filters',
};

const ALL = '';
const ACTION_OPTIONS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** An entry's summary: a headline, a few lines, and the rest behind 'Show all N details'. */
function EntrySummary({ entry }: { entry: AuditEntry }) {
  const [expanded, { toggle }] = useDisclosure(false);
  const { headline, lines, allLines } = summarise(entry);
  const hidden = allLines.length - lines.length;
  return (
    <Stack gap={2}>
      {headline && (
        <Text size="sm" fw={600}>
          {headline}
        </Text>
      )}
      <List size="sm" listStyleType="none">
        {(expanded ? allLines : lines).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {hidden > 0 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={toggle}
          aria-expanded={expanded}
        >
          {expanded ? 'Show fewer details' : `Show all ${allLines.length} details`}
        </Anchor>
      )}
    </Stack>
  );
}

function accountName(entry: AuditEntry): string {
  if (!entry.client) return '';
  return entry.client.account_name ?? `deleted account #${entry.client.id}`;
}

const COLUMNS = (timeZone: string): LogColumn<AuditEntry>[] => [
  { header: 'When', cell: (entry) => alertTimeLabel(new Date(entry.at), timeZone), style: NO_WRAP },
  { header: 'Who', cell: actorName, style: WRAP_ANYWHERE },
  { header: 'As', cell: (entry) => userName(entry.as_user), style: WRAP_ANYWHERE },
  { header: 'Action', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { header: 'Account', cell: accountName },
  { header: 'Address', cell: (entry) => entry.ip ?? '', style: NO_WRAP },
  { header: 'What changed', cell: (entry) => <EntrySummary entry={entry} />, style: WRAP_ANYWHERE },
];

/** The accounts to filter by, by name (every account: superusers only). */
function useAccountOptions() {
  const { data } = useQuery({
    queryKey: ['admin', 'clients'],
    queryFn: () => fetchAllPages('/api/clients/', clientSchema),
  });
  return (data ?? [])
    .map((client) => ({ value: String(client.id), label: client.account_name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** /admin/audit: who did what, as whom, when, from where, and what changed (issue 16 point 5), superusers only. */
export function AuditTrailPage() {
  const accounts = useAccountOptions();
  const [actorText, setActorText] = useState('');
  const [actorEmail] = useDebouncedValue(actorText.trim(), 300);
  const { filters, narrow, log } = useLog((filters: Omit<AuditFilters, 'actor_email'>, page) =>
    auditQuery({ ...filters, actor_email: actorEmail || undefined }, page),
  );

  return (
    <PagedLog
      words={WORDS}
      log={log}
      columns={COLUMNS}
      filters={
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} role="search" aria-label="Filter audit entries">
          <TextInput
            label="Actor"
            placeholder="E-mail address"
            value={actorText}
            onChange={(event) => {
              setActorText(event.currentTarget.value);
              log.paging.onPage(1);
            }}
          />
          <Select
            label="Account"
            placeholder="All accounts"
            data={accounts}
            searchable
            clearable
            value={filters.client_id === undefined ? null : String(filters.client_id)}
            onChange={(value) => narrow({ client_id: value ? Number(value) : undefined })}
          />
          <NativeSelect
            label="Action"
            data={ACTION_OPTIONS}
            value={filters.action ?? ALL}
            onChange={(event) => narrow({ action: (event.currentTarget.value || undefined) as AuditAction })}
          />
          <DateRangeFields range={filters} onChange={narrow} />
        </SimpleGrid>
      }
    />
  );
}
