import { Anchor, Avatar, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatPhone } from '@pluvio/shared/phone';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { Link } from 'react-router';
import { PATHS } from '../../lib/routes';
import { SessionActions } from './session-actions';

export function initials(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function roleLine(user: Pick<CurrentUser, 'co_owner' | 'role'>): string {
  return user.co_owner ? 'Role: Co-owner' : `Role: ${user.role}`;
}

/** The menu behind the initials circle (spec part 1 §2); clicking outside closes it. */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Popover opened={opened} onDismiss={close} position="bottom-end" width={280} shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          onClick={toggle}
          onKeyDown={(event) => {
            // Escape from the initials button closes the menu too (Mantine handles it only inside).
            if (event.key === 'Escape') close();
          }}
          aria-label={`User menu of ${name || user.email}`}
          aria-expanded={opened}
        >
          <Avatar color="blue" variant="filled" radius="xl" aria-hidden="true">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Stack gap={0}>
            <Text fw={700}>{name}</Text>
            <Text size="sm">{user.email}</Text>
            <Text size="sm">{formatPhone(user.phone)}</Text>
            <Text size="sm">{roleLine(user)}</Text>
          </Stack>
          <Anchor component={Link} to={PATHS.profile} onClick={close}>
            Edit
          </Anchor>
          {user.is_superuser && (
            <>
              <Anchor component={Link} to={PATHS.mailViewer} onClick={close}>
                Mail viewer
              </Anchor>
              <Anchor component={Link} to={PATHS.deliveryLog} onClick={close}>
                Delivery Log
              </Anchor>
              <Anchor component={Link} to={PATHS.auditTrail} onClick={close}>
                Audit Trail
              </Anchor>
            </>
          )}
          <SessionActions user={user} close={close} onLogout={onLogout} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
