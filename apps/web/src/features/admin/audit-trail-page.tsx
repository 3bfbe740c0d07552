import { List, NativeSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@pluvio/shared/audit.schemas';
import { clientSchema } from '@pluvio/shared/clients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { fetchAllPages } from '../../lib/account-api';
import { useTimeZone } from '../../lib/app-config';
import { type AuditFilters, auditQuery } from './audit-api';
import { type LogColumn, NO_WRAP, PagedLog, WRAP_ANYWHERE } from './paged-log';

const ALL = '';
const ACTION_OPTIONS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

type UserRef = AuditEntry['actor'];

/**
 * A user an entry names, as they were when it was written: the name and e-mail address, or the id
 * when the user was already gone.
 */
function userName(user: UserRef): string {
  if (!user) return '';
  if (!user.email) return `deleted user #${user.id}`;
  return user.name ? `${user.name} <${user.email}>` : user.email;
}

/** A field name for people: 'account_name' reads 'Account name'. */
function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.map(valueLabel).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What the entry changed and records, one line each: 'Tier: bronze → silver', 'Limits: account'. */
export function entryLines(entry: AuditEntry): string[] {
  const changed = Object.entries(entry.changes ?? {}).map(
    ([field, { before, after }]) => `${fieldLabel(field)}: ${valueLabel(before)} → ${valueLabel(after)}`,
  );
  const details = Object.entries(entry.details).map(
    ([field, value]) => `${fieldLabel(field)}: ${valueLabel(value)}`,
  );
  const subject =
    entry.subject && entry.subject.id !== entry.actor?.id && entry.subject.id !== entry.as_user?.id
      ? [`User: ${userName(entry.subject)}`]
      : [];
  return [...subject, ...changed, ...details];
}

function accountName(entry: AuditEntry): string {
  if (!entry.client) return '';
  return entry.client.account_name ?? `deleted account #${entry.client.id}`;
}

const COLUMNS = (timeZone: string): LogColumn<AuditEntry>[] => [
  { header: 'When', cell: (entry) => alertTimeLabel(new Date(entry.at), timeZone), style: NO_WRAP },
  { header: 'Actor', cell: (entry) => userName(entry.actor) || 'nobody signed in', style: WRAP_ANYWHERE },
  { header: 'As', cell: (entry) => userName(entry.as_user), style: WRAP_ANYWHERE },
  { header: 'Action', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { header: 'Account', cell: accountName },
  { header: 'Address', cell: (entry) => entry.ip ?? '', style: NO_WRAP },
  {
    header: 'What changed',
    cell: (entry) => (
      <List size="sm" listStyleType="none">
        {entryLines(entry).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    ),
    style: WRAP_ANYWHERE,
  },
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
  const timeZone = useTimeZone();
  const accounts = useAccountOptions();
  const [actorText, setActorText] = useState('');
  const [actorEmail] = useDebouncedValue(actorText.trim(), 300);
  const [filters, setFilters] = useState<Omit<AuditFilters, 'actor_email'>>({});
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...auditQuery({ ...filters, actor_email: actorEmail || undefined }, page),
    placeholderData: keepPreviousData,
  });
  /** Narrows the entries from the first page; an emptied filter shows everything again. */
  const narrow = (changes: Omit<AuditFilters, 'actor_email'>) => {
    setFilters({ ...filters, ...changes });
    setPage(1);
  };
  const dateFilter = (key: 'start_date' | 'end_date') => (event: ChangeEvent<HTMLInputElement>) =>
    narrow({ [key]: event.currentTarget.value || undefined });

  return (
    <PagedLog
      title="Audit Trail"
      query={query}
      page={page}
      onPage={setPage}
      columns={COLUMNS(timeZone)}
      tableLabel="Audit entries"
      loadError="Could not load the audit trail."
      empty="No audit entries match these filters"
      filters={
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} role="search" aria-label="Filter audit entries">
          <TextInput
            label="Actor"
            placeholder="E-mail address"
            value={actorText}
            onChange={(event) => {
              setActorText(event.currentTarget.value);
              setPage(1);
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
          <TextInput
            type="date"
            label="From"
            value={filters.start_date ?? ''}
            onChange={dateFilter('start_date')}
          />
          <TextInput
            type="date"
            label="To"
            value={filters.end_date ?? ''}
            onChange={dateFilter('end_date')}
          />
        </SimpleGrid>
      }
    />
  );
}
