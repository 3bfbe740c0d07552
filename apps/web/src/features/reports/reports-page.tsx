import { Container, Grid, Group, Loader, Modal, Paper, Text, Title } from '@mantine/core';
import { todayIn } from '@pluvio/shared/calendar';
import { MESSAGES } from '@pluvio/shared/messages';
import { mayAddLocation } from '@pluvio/shared/permissions';
import { defaultReportType, REPORT_MESSAGES, type ReportType, reportTypesFor } from '@pluvio/shared/reports';
import { managesAccount } from '@pluvio/shared/roles';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { contactsQuery, locationsQuery, useActiveAccount } from '../../lib/account-api';
import { ApiError } from '../../lib/api-client';
import { useAppConfig, useTimeZone } from '../../lib/app-config';
import { useLocationFavourites } from '../../lib/location-favourites-api';
import { PATHS } from '../../lib/routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import { fetchReportHtml, reportKeys, submitReportJob, useFeeQuote } from './api';
import type { Choice } from './choice-picker';
import { type ReportAsker, ReportFormFields } from './report-form';
import {
  emailList,
  feeCall,
  initialForm,
  jobCall,
  type ReportForm,
  reportProblem,
  reportRun,
  viewCall,
} from './report-request';
import { type Outcome, ReportResult } from './report-result';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : MESSAGES.tryAgain;
}

/** Part 2 §8: a report that could not be fetched, and why. */
function fetchFailure(error: unknown, type: ReportType): string[] {
  const message = messageOf(error);
  const notFound = (error instanceof ApiError && error.status === 404) || message.includes('404');
  if (type === 'emails')
    return [
      REPORT_MESSAGES.fetchFailed,
      `${message} ${REPORT_MESSAGES.missingTestData}`,
      REPORT_MESSAGES.tryLater,
    ];
  return [REPORT_MESSAGES.fetchFailed, notFound ? REPORT_MESSAGES.locationNotFound : message];
}

function submitFailure(error: unknown): string[] {
  return [REPORT_MESSAGES.submitFailed, messageOf(error)];
}

async function submitJob(form: ReportForm, clientId: number | undefined): Promise<Outcome> {
  const { path, query, body } = jobCall(form, clientId);
  try {
    const { task_id } = await submitReportJob({ path, query }, body);
    return { kind: 'task', taskId: task_id, format: form.format, recipients: emailList(form).length };
  } catch (error) {
    return { kind: 'failure', lines: submitFailure(error) };
  }
}

/** Shows one report at once (part 2 §7), with its CSV to download. */
async function viewReport(form: ReportForm, clientId: number | undefined): Promise<Outcome> {
  try {
    const html = await fetchReportHtml(viewCall(form, clientId, 'html'));
    return { kind: 'report', html, csv: viewCall(form, clientId, 'csv') };
  } catch (error) {
    return { kind: 'failure', lines: fetchFailure(error, form.type) };
  }
}

function runReport(form: ReportForm, clientId: number | undefined): Promise<Outcome> {
  return reportRun(form) === 'view' ? viewReport(form, clientId) : submitJob(form, clientId);
}

/** The type a link asks for (`?type=emails`, from the system health page) when the asker may run it. */
function requestedType(requested: string | null, isSuperuser: boolean): ReportType {
  const offered: readonly string[] = reportTypesFor(isSuperuser);
  return requested && offered.includes(requested)
    ? (requested as ReportType)
    : defaultReportType(isSuperuser);
}

function recipientChoices(user: CurrentUser, contacts: readonly { name: string; email: string | null }[]) {
  const own: Choice = { id: user.email, name: `${user.first_name} ${user.last_name} (${user.email})`.trim() };
  const others = contacts
    .filter((contact) => contact.email && contact.email !== user.email)
    .map((contact) => ({ id: contact.email as string, name: `${contact.name} (${contact.email})` }));
  const unique = new Map([own, ...others].map((choice) => [choice.id, choice]));
  return [...unique.values()];
}

function LoadingDialog({ opened }: { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="auto"
      title="Preparing the report"
    >
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{MESSAGES.loading}</Text>
      </Group>
    </Modal>
  );
}

function Reports({
  user,
  asker,
  clientId,
}: {
  user: CurrentUser;
  asker: ReportAsker;
  clientId: number | undefined;
}) {
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState(() =>
    initialForm(requestedType(searchParams.get('type'), asker.isSuperuser), asker.level, asker.today),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const feeQuote = useFeeQuote(asker.mayCharge ? feeCall(form, clientId) : null);
  const locations = useQuery(locationsQuery(clientId));
  const contacts = useQuery(contactsQuery(clientId));

  const locationChoices = useMemo(
    () =>
      (locations.data ?? []).map((location) => ({
        id: String(location.id),
        name: location.name,
        category: location.category,
      })),
    [locations.data],
  );
  const locationExtras = {
    favourites: useLocationFavourites(clientId),
    add: useAddLocationLink(locations.data?.length),
  };
  const recipients = useMemo(() => recipientChoices(user, contacts.data ?? []), [user, contacts.data]);

  useEffect(() => {
    if (outcome) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [outcome]);

  const change = (changes: Partial<ReportForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setProblem(null);
  };

  const submit = async () => {
    const found = reportProblem(form, asker, feeQuote.data?.fee);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      setOutcome(await runReport(form, clientId));
      // A period paid for now is free the next time: ask the quotes again.
      await queryClient.invalidateQueries({ queryKey: reportKeys.fees });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Reports
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="md" p="md">
            <ReportFormFields
              form={form}
              asker={asker}
              locations={locationChoices}
              locationExtras={locationExtras}
              recipients={recipients}
              feeQuote={feeQuote.data}
              problem={problem}
              onChange={change}
              onSubmit={submit}
            />
          </Paper>
        </Grid.Col>
        {(outcome || !isMobile) && (
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 1, md: 2 }}>
            <ReportResult outcome={outcome} isSuperuser={asker.isSuperuser} />
          </Grid.Col>
        )}
      </Grid>
      <LoadingDialog opened={busy} />
    </Container>
  );
}

/** The pickers' "Add location" link, for who may add one to the account. */
function useAddLocationLink(locationsCount: number | undefined) {
  const { viewer, account } = useActiveAccount();
  if (!viewer || locationsCount === undefined) return undefined;
  const facts = {
    tier: viewer.tier,
    is_trial_account: account?.is_trial_account ?? false,
    locations_count: locationsCount,
  };
  return mayAddLocation(viewer, facts) ? { label: 'Add location', path: PATHS.locationForm } : undefined;
}

/** /reports: the query form and the result area (part 2 §2, §4, §5, §7, §8). */
export function ReportsPage() {
  const { user, viewer, clientId } = useActiveAccount();
  const config = useAppConfig();
  const timeZone = useTimeZone();
  if (!user || !viewer) return null;
  const asker: ReportAsker = {
    isSuperuser: viewer.isSuperuser,
    level: viewer.tier,
    today: todayIn(timeZone),
    fee: config?.historical_report_fee,
    mayCharge: viewer.isSuperuser || managesAccount(viewer),
  };
  return <Reports user={user} asker={asker} clientId={clientId} />;
}
