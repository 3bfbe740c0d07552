import { Button, Divider } from '@mantine/core';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { AccountSwitcher } from './account-switcher';

/** Logout and the account list, as both the user menu and the slide-out menu end. */
export function SessionActions({
  user,
  close,
  onLogout,
}: {
  user: CurrentUser;
  close: () => void;
  onLogout: () => void;
}) {
  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          close();
          onLogout();
        }}
      >
        Logout
      </Button>
      <Divider label="Accounts" labelPosition="left" />
      <AccountSwitcher user={user} onSwitched={close} />
    </>
  );
}
