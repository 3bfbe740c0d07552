import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { type Client, type ClientFilter, clientSchema, filterClients } from '@pluvio/shared/clients';
import { TIER, TIER_NAMES, tierLabel } from '@pluvio/shared/tiers';
import { plural } from '@pluvio/shared/words';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchAllPages } from '../../lib/account-api';
import { PATHS } from '../../lib/routes';

interface StatusCard {
  title: string;
  filter: ClientFilter | null;
  accounts: Client[];
}

const isUnpaid = (client: Client) => client.account_type !== 'paid';

/** The 'Client Status' cards: counts by tier, unpaid counts, trials (spec part 1 §2 "System health"). */
export function statusCards(clients: Client[]): StatusCard[] {
  const only = (filter: ClientFilter) => filterClients(clients, [filter], '');
  return [
    ...[...TIER_NAMES].reverse().map((tier) => ({
      title: `${tierLabel(TIER[tier])} Tier`,
      filter: tier,
      accounts: only(tier),
    })),
    { title: 'Total Accounts', filter: null, accounts: clients },
    { title: 'Trials', filter: 'trial', accounts: only('trial') },
  ];
}

/** Each card opens client management filtered to its accounts. */
export function ClientStatusCards() {
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['admin', 'clients'],
    queryFn: () => fetchAllPages('/api/clients/', clientSchema),
  });
  if (!data) return null;
  return (
    <section aria-labelledby="client-status">
      <Title order={2} size="h3" id="client-status" mb="sm">
        Client Status
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {statusCards(data).map((card) => (
          <UnstyledButton
            key={card.title}
            onClick={() =>
              navigate(PATHS.settingsAdmin, { state: card.filter ? { filter: card.filter } : null })
            }
            aria-label={`${card.title}: ${plural(card.accounts.length, 'account')}, ${card.accounts.filter(isUnpaid).length} unpaid`}
          >
            <Card withBorder padding="md" h="100%">
              <Text fw={600}>{card.title}</Text>
              <Text size="xl" fw={700}>
                {card.accounts.length}
              </Text>
              <Text size="sm" c="dark.4">
                {card.accounts.filter(isUnpaid).length} unpaid
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  );
}
