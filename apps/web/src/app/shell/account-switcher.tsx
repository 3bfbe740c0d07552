import { Stack, Text, UnstyledButton } from '@mantine/core';
import { switchableAccounts } from '@pluvio/shared/accounts';
import { accountLevel, tierLabel } from '@pluvio/shared/tiers';
import type { CurrentUser, UserClient } from '@pluvio/shared/users.schemas';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureMessage } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { updateCurrentUser } from '../../lib/current-user';
import { PATHS } from '../../lib/routes';
import classes from './shell.module.css';

function accountTier(account: UserClient): string {
  const label = tierLabel(accountLevel(account));
  return account.is_trial_account ? `${label} (Trial)` : label;
}

/** Makes an account the active one (spec part 1 §4 "Account switch"). */
export function useSwitchAccount(onSwitched: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const switchTo = async (clientId: number) => {
    setBusyId(clientId);
    setError(null);
    try {
      await updateCurrentUser({ primary_client_id: clientId });
      onSwitched();
      if (pathname === PATHS.clientForm) navigate(PATHS.dashboard);
      else window.location.reload();
    } catch (caught) {
      setError(failureMessage(caught, 'Could not switch accounts.'));
    } finally {
      setBusyId(null);
    }
  };
  return { switchTo, error, busyId };
}

/**
 * The Accounts list of the user menu: superusers see 'Admin Center' and their role; others see
 * their non-archived accounts, selectable when the account switcher setting is on (D22).
 */
export function AccountSwitcher({ user, onSwitched }: { user: CurrentUser; onSwitched: () => void }) {
  const config = useAppConfig();
  const { switchTo, error, busyId } = useSwitchAccount(onSwitched);

  if (user.is_superuser) {
    return (
      <Stack gap={0}>
        <Text fw={600}>Admin Center</Text>
        <Text size="sm">{user.role}</Text>
      </Stack>
    );
  }

  const active = user.clients[0];
  if (config?.features.account_switcher !== true) {
    if (!active) return null;
    return (
      <Stack gap={0}>
        <Text fw={600}>{active.account_name}</Text>
        <Text size="sm">{accountTier(active)}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap={2} component="ul" className={classes.plainList} aria-label="Accounts">
      {switchableAccounts(user.clients).map((account) => {
        const isActive = account.id === active?.id;
        return (
          <li key={account.id}>
            <UnstyledButton
              className={classes.accountButton}
              aria-current={isActive ? 'true' : undefined}
              disabled={busyId !== null}
              onClick={() => (isActive ? onSwitched() : switchTo(account.id))}
            >
              <span>
                <Text component="span" fw={600} display="block">
                  {account.account_name}
                </Text>
                <Text component="span" size="sm" display="block">
                  {accountTier(account)}
                </Text>
              </span>
              {isActive && <IconCheck size={18} aria-label="Active account" />}
            </UnstyledButton>
          </li>
        );
      })}
      {error && (
        <Text component="li" size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
