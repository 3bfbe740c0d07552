import { List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  formatDollars,
  PLAN_FEATURE_LABELS,
  PLAN_FEATURES,
  PLAN_ORDER,
  PRICE_UNIT,
} from '@pluvio/shared/billing';
import { PLAN_PRICES } from '@pluvio/shared/plans';
import { TIER, type TierName, tierLabel } from '@pluvio/shared/tiers';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface PlanCardsProps {
  /** The plans to show, best first (all three unless one was just bought). */
  tiers?: readonly TierName[];
  /** Small cards inside the wizard. */
  compact?: boolean;
  /** The heading level of each plan's name under the page's headings. */
  headingOrder?: 2 | 3;
  /** The plan drawn as chosen. */
  selected?: TierName | null;
  /** What each card offers under its features (an Upgrade button, 'Current plan'). */
  action?: (tier: TierName) => ReactNode;
}

function PlanCard({ tier, compact, headingOrder, selected, action }: PlanCardsProps & { tier: TierName }) {
  const name = tierLabel(TIER[tier]);
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'sm' : 'lg'}
      component="section"
      aria-label={`${name} plan`}
      aria-current={selected === tier ? 'true' : undefined}
      style={
        selected === tier ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap={compact ? 'xs' : 'sm'} h="100%">
        <Title order={headingOrder} fz={compact ? 'h4' : 'h3'}>
          {name}
        </Title>
        <div>
          <Text fz={compact ? 'xl' : 32} fw={700} lh={1.1}>
            {formatDollars(PLAN_PRICES[tier])}
          </Text>
          <Text size={compact ? 'xs' : 'sm'} c="dimmed">
            {PRICE_UNIT}
          </Text>
        </div>
        <List
          spacing={compact ? 2 : 6}
          size={compact ? 'xs' : 'sm'}
          aria-label={`${name} features`}
          icon={
            <ThemeIcon color="teal.9" size={compact ? 14 : 18} radius="xl" aria-hidden>
              <IconCheck size={compact ? 10 : 12} stroke={3} />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {PLAN_FEATURES[tier].map((feature) => (
            <List.Item key={feature}>{PLAN_FEATURE_LABELS[feature]}</List.Item>
          ))}
        </List>
        {action?.(tier)}
      </Stack>
    </Paper>
  );
}

/**
 * The plan cards of the pricing page, also shown small in the wizard (spec part 2 §2): price per
 * block of 5 locations and a tick for each feature the plan includes.
 */
export function PlanCards({
  tiers = PLAN_ORDER,
  compact = false,
  headingOrder = 2,
  ...rest
}: PlanCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(tiers.length, 3) }} spacing={compact ? 'sm' : 'lg'}>
      {tiers.map((tier) => (
        <PlanCard key={tier} tier={tier} compact={compact} headingOrder={headingOrder} {...rest} />
      ))}
    </SimpleGrid>
  );
}
