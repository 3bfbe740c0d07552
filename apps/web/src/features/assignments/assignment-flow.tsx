import { Button, Container, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import type { IdList } from '@pluvio/shared/lists';
import { MESSAGES } from '@pluvio/shared/messages';
import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { ErrorMessage } from '../../components/form-message';
import { ItemChecklist } from '../../components/item-checklist';
import { ManagersOnly } from '../../components/managers-only';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { assignmentKeys } from './api';

interface Named {
  id: number;
  name: string;
}

type ListHook<T> = (clientId: number | undefined) => UseQueryResult<T[]>;
type ChangeCall<I> = (clientId: number | undefined, subjectId: number, ids: IdList) => Promise<I[]>;

/**
 * One direction of assignment: pick a subject (a location or a contact), then assign items
 * (contacts or locations) to it or remove them.
 */
export interface AssignmentFlowConfig<S extends Named, I extends Named> {
  title: string;
  subject: {
    /** 'location' or 'contact'. */
    noun: string;
    /** The navigation state key the forms use to preselect the subject. */
    stateKey: string;
    useList: ListHook<S>;
    describe: (subject: S) => string;
    chooseFirst: string;
  };
  items: {
    /** 'contacts' or 'locations'. */
    noun: string;
    useList: ListHook<I>;
    /** The cache key of the full item list, reloaded after each change. */
    listKey: (clientId: number | undefined) => QueryKey;
    describe: (item: I) => string;
    /** Locations have categories: the checklists group them under their headings. */
    categoryOf?: (item: I) => string | null;
    chooseSome: string;
  };
  /** The items assigned to the subject; idle while no subject is chosen. */
  useAssigned: (clientId: number | undefined, subjectId: number | null) => UseQueryResult<I[]>;
  assign: ChangeCall<I>;
  unassign: ChangeCall<I>;
}

type Action = 'assign' | 'unassign';

function useArrivalSubject(stateKey: string): number | null {
  const parsed = z.object({ [stateKey]: z.coerce.number().int().positive() }).safeParse(useLocation().state);
  return parsed.success ? (parsed.data[stateKey] as number) : null;
}

function Count({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={600} c="blue.9">
      {children}
    </Text>
  );
}

function Step({
  number,
  title,
  aside,
  children,
}: {
  number: number;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = `assign-step-${number}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id={id}>
            {number}. {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Flow<S extends Named, I extends Named>({
  config,
  clientId,
}: {
  config: AssignmentFlowConfig<S, I>;
  clientId: number | undefined;
}) {
  const { subject, items } = config;
  const queryClient = useQueryClient();
  const arrivalSubject = useArrivalSubject(subject.stateKey);
  const [subjectId, setSubjectId] = useState(arrivalSubject);
  const [toAssign, setToAssign] = useState<string[]>([]);
  const [toRemove, setToRemove] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ action: Action; text: string } | null>(null);

  const subjects = subject.useList(clientId);
  const allItems = items.useList(clientId);
  const assigned = config.useAssigned(clientId, subjectId);

  const assignedItems = subjectId === null ? [] : (assigned.data ?? []);
  const assignedIds = new Set(assignedItems.map((item) => item.id));
  const unassigned = (allItems.data ?? []).filter((item) => !assignedIds.has(item.id));

  const change = useMutation({
    mutationFn: ({ action, ids }: { action: Action; ids: IdList }) =>
      (action === 'assign' ? config.assign : config.unassign)(clientId, subjectId ?? 0, ids),
    onSuccess: async () => {
      setToAssign([]);
      setToRemove([]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: items.listKey(clientId) }),
      ]);
    },
  });

  const submit = (action: Action, chosen: string[]) => {
    setNotice(null);
    change.reset();
    if (subjectId === null) setNotice({ action, text: subject.chooseFirst });
    else if (chosen.length === 0) setNotice({ action, text: items.chooseSome });
    else change.mutate({ action, ids: chosen.map(Number) });
  };

  const chooseSubject = (value: string | null) => {
    setSubjectId(value ? Number(value) : null);
    setToAssign([]);
    setToRemove([]);
    setNotice(null);
    change.reset();
  };

  const problem = (action: Action) => {
    if (notice?.action === action) return <ErrorMessage>{notice.text}</ErrorMessage>;
    if (change.isError && change.variables?.action === action)
      return <ErrorMessage>{failureMessage(change.error, MESSAGES.tryAgain)}</ErrorMessage>;
    return null;
  };

  const subjectLabel = subject.noun.charAt(0).toUpperCase() + subject.noun.slice(1);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Step number={1} title={`Choose a ${subject.noun}`}>
            <Select
              label={subjectLabel}
              placeholder={subjects.isPending ? MESSAGES.loading : `Search ${subject.noun}s`}
              data={(subjects.data ?? []).map((option) => ({
                value: String(option.id),
                label: subject.describe(option),
              }))}
              value={subjectId === null ? null : String(subjectId)}
              onChange={chooseSubject}
              searchable
              clearable
              nothingFoundMessage={`No ${subject.noun} matches`}
            />
          </Step>
          <Step
            number={2}
            title={`Choose ${items.noun} to assign`}
            aside={<Count>{unassigned.length} unassigned</Count>}
          >
            <ItemChecklist
              label={`Unassigned ${items.noun}`}
              items={unassigned}
              describe={items.describe}
              categoryOf={items.categoryOf}
              selected={toAssign}
              onChange={setToAssign}
              empty={allItems.isPending ? MESSAGES.loading : `No unassigned ${items.noun}.`}
            />
          </Step>
          <Step number={3} title="Assign">
            <Group>
              <Button
                onClick={() => submit('assign', toAssign)}
                loading={change.isPending && change.variables?.action === 'assign'}
              >
                Assign
              </Button>
            </Group>
            {problem('assign')}
          </Step>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Step
          number={4}
          title={`Assigned ${items.noun}`}
          aside={<Count>{assignedItems.length} assigned</Count>}
        >
          {subjectId === null && (
            <Text size="sm">
              Choose a {subject.noun} to see its {items.noun}.
            </Text>
          )}
          {assigned.isError && (
            <ErrorMessage>{failureMessage(assigned.error, MESSAGES.tryAgain)}</ErrorMessage>
          )}
          {subjectId !== null && !assigned.isError && (
            <ItemChecklist
              label={`Assigned ${items.noun}`}
              items={assignedItems}
              describe={items.describe}
              categoryOf={items.categoryOf}
              selected={toRemove}
              onChange={setToRemove}
              empty={assigned.isPending ? MESSAGES.loading : `No ${items.noun} assigned yet.`}
            />
          )}
          <Group>
            <Button
              variant="outline"
              onClick={() => submit('unassign', toRemove)}
              loading={change.isPending && change.variables?.action === 'unassign'}
            >
              Unassign
            </Button>
          </Group>
          {problem('unassign')}
        </Step>
      </Grid.Col>
    </Grid>
  );
}

/** The page around one assignment direction; plain contacts are told who can assign. */
export function AssignmentPage<S extends Named, I extends Named>({
  config,
}: {
  config: AssignmentFlowConfig<S, I>;
}) {
  const { clientId } = useActiveAccount();
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>{config.title}</Title>
        <ManagersOnly message={ASSIGNMENT_MESSAGES.managersOnly}>
          <Flow config={config} clientId={clientId} />
        </ManagersOnly>
      </Stack>
    </Container>
  );
}
