import { Button, Container, Flex, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES } from '@pluvio/shared/messages';
import { type TierNumber, tierLabel } from '@pluvio/shared/tiers';
import type { CurrentUser, UserListEntry } from '@pluvio/shared/users.schemas';
import { plural } from '@pluvio/shared/words';
import { IconArrowDown, IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { PATHS } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useSwitchUser } from '../../lib/use-switch-user';
import { usersSearchQuery } from './api';

export const SWITCH_USER_TEXTS = {
  searchPlaceholder: 'Search Users...',
  typeToSearch: 'Type to Search Users...',
  noneChosen: 'Choose a user from the list below',
  noMatch: (search: string) => `No active user matches "${search}".`,
} as const;

const SEARCH_PAUSE_MS = 300;

function fullName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** A user's name with the lines under it, in the swap summary. */
function Person({ label, name, lines }: { label: string; name: string; lines: string[] }) {
  return (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Text size="xs" tt="uppercase" fw={700} c="dark.4">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function subscriptionLine(level: number): string {
  return `Subscription Level: ${tierLabel(level as TierNumber)}`;
}

/** Who is signed in, an arrow, and who they will act as (spec part 1 §2 "Switch User screen"). */
function SwapSummary({ current, chosen }: { current: CurrentUser; chosen: UserListEntry | null }) {
  const narrow = useIsMobile();
  const Arrow = narrow ? IconArrowDown : IconArrowRight;
  return (
    <Paper withBorder radius="md" p="md">
      <Flex direction={narrow ? 'column' : 'row'} align={narrow ? 'stretch' : 'center'} gap="md">
        <Person label="Signed in as" name={fullName(current)} lines={[`Role: ${current.role}`]} />
        <Arrow size={28} aria-label="switches to" role="img" style={{ flexShrink: 0, alignSelf: 'center' }} />
        {chosen ? (
          <Person
            label="Switch to"
            name={fullName(chosen)}
            lines={[chosen.email, `Role: ${chosen.role}`, subscriptionLine(chosen.subscription_level)]}
          />
        ) : (
          <Text c="dark.4" style={{ flex: 1 }}>
            {SWITCH_USER_TEXTS.noneChosen}
          </Text>
        )}
      </Flex>
    </Paper>
  );
}

function UserChoice({ user }: { user: UserListEntry }) {
  const details = [user.role, user.account_name, tierLabel(user.subscription_level as TierNumber)];
  return (
    <Radio.Card
      value={String(user.id)}
      disabled={user.is_superuser}
      radius="md"
      p="sm"
      bg={user.is_superuser ? 'gray.1' : undefined}
      style={user.is_superuser ? { cursor: 'not-allowed' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={user.is_superuser} mt={4} />
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{fullName(user)}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="sm" c="dark.4">
            {details.filter(Boolean).join(' · ')}
          </Text>
          {user.is_superuser && (
            <Text size="xs" c="dark.4">
              {MESSAGES.cannotActAsAdministrator}
            </Text>
          )}
        </div>
      </Group>
    </Radio.Card>
  );
}

/** The users found for the search, a page at a time; a superuser cannot be chosen. */
function UserResults({
  search,
  chosen,
  onChoose,
}: {
  search: string;
  chosen: UserListEntry | null;
  onChoose: (user: UserListEntry) => void;
}) {
  const users = useInfiniteQuery(usersSearchQuery(search));
  if (!search) return <Text c="dark.4">{SWITCH_USER_TEXTS.typeToSearch}</Text>;
  if (users.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  if (users.isError) return <ErrorMessage>{failureMessage(users.error, MESSAGES.tryAgain)}</ErrorMessage>;
  const found = users.data.pages.flatMap((page) => page.items);
  const total = users.data.pages[0]?.total ?? 0;
  if (found.length === 0) return <Text c="dark.4">{SWITCH_USER_TEXTS.noMatch(search)}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dark.4" role="status">
        Showing {found.length} of {plural(total, 'user')}
      </Text>
      <Radio.Group
        label="Users found"
        value={chosen ? String(chosen.id) : null}
        onChange={(id) => {
          const user = found.find((entry) => String(entry.id) === id);
          if (user) onChoose(user);
        }}
      >
        <Stack gap="xs" mt="xs">
          {found.map((user) => (
            <UserChoice key={user.id} user={user} />
          ))}
        </Stack>
      </Radio.Group>
      {users.hasNextPage && (
        <Button
          variant="default"
          onClick={() => users.fetchNextPage()}
          loading={users.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more users
        </Button>
      )}
    </Stack>
  );
}

function SwitchUser({ current }: { current: CurrentUser }) {
  const navigate = useNavigate();
  const switchUser = useSwitchUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const [chosen, setChosen] = useState<UserListEntry | null>(null);
  return (
    <Stack gap="md">
      <SwapSummary current={current} chosen={chosen} />
      {switchUser.isError && (
        <ErrorMessage>{failureMessage(switchUser.error, MESSAGES.tryAgain)}</ErrorMessage>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => navigate(PATHS.dashboard)}>
          Cancel
        </Button>
        <Button
          disabled={!chosen}
          loading={switchUser.isPending}
          onClick={() => chosen && switchUser.mutate(chosen.email)}
        >
          Switch User!
        </Button>
      </Group>
      <TextInput
        type="search"
        label="Search"
        placeholder={SWITCH_USER_TEXTS.searchPlaceholder}
        description="By name or e-mail address"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      <UserResults search={debounced} chosen={chosen} onChoose={setChosen} />
    </Stack>
  );
}

/**
 * /switch and /double: a superuser chooses a user to act as (D11). Everyone else sees the tier
 * notice: the hidden link reaches tier 2, but only superusers may switch.
 */
export function SwitchUserPage() {
  const user = useCurrentUser();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>Switch User</Title>
        {user?.is_superuser ? (
          <SwitchUser current={user} />
        ) : (
          <InfoMessage>{MESSAGES.administratorsOnly}</InfoMessage>
        )}
      </Stack>
    </Container>
  );
}
