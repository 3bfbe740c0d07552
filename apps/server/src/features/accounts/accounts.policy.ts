import {
  accountTypeDefaults,
  CLIENT_MESSAGES,
  CLIENT_SETTINGS,
  type ClientPatch,
  settingAllowed,
} from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { accountLevel } from '@pluvio/shared/tiers';
import { forbidden } from '../../core/lib/errors';
import type { ClientRow } from '../../core/tables/accounts';
import type { UserRow } from '../../core/tables/users';
import { settingsOf } from './accounts.presenter';

/** Adding and deleting accounts is client management: superusers only (canManageClients, tier 4). */
export function requireClientManagement(user: UserRow): void {
  if (!user.isSuperuser) throw forbidden(CLIENT_MESSAGES.clientManagementOnly);
}

const differs = <T>(sent: T | undefined, stored: T) => sent !== undefined && sent !== stored;

/**
 * Owners and co-owners edit their own account but not its subscription. A value that differs
 * from the stored one is refused; an equal one is fine, as the old client sends the whole object
 * back. Activating a pending account is the registration wizard's last step (spec part 2 §4).
 */
export function assertSelfChanges(stored: ClientRow, patch: ClientPatch): void {
  if (differs(patch.tier, stored.tier)) throw forbidden(CLIENT_MESSAGES.subscriptionViaUpgrade);
  const activatesPending = stored.status === 'pending' && patch.status === 'active';
  if (differs(patch.status, stored.status) && !activatesPending) {
    throw forbidden(CLIENT_MESSAGES.contactSupport);
  }
  if (
    differs(patch.account_type, stored.accountType) ||
    differs(patch.is_trial_account, stored.isTrialAccount) ||
    differs(patch.manual_invoice, stored.manualInvoice)
  ) {
    throw forbidden(CLIENT_MESSAGES.accountTypeViaSupport);
  }
}

/**
 * Trial and manual invoice after a patch: a newly selected account type brings its defaults
 * (spec part 2 §4) unless the values are sent too.
 */
export function accountTypeFields(
  stored: ClientRow,
  patch: ClientPatch,
): { isTrialAccount: boolean; manualInvoice: boolean } {
  const defaults =
    patch.account_type !== undefined && patch.account_type !== stored.accountType
      ? accountTypeDefaults(patch.account_type)
      : undefined;
  return {
    isTrialAccount: patch.is_trial_account ?? defaults?.is_trial_account ?? stored.isTrialAccount,
    manualInvoice: patch.manual_invoice ?? defaults?.manual_invoice ?? stored.manualInvoice,
  };
}

/**
 * Turning a setting on needs the account's level after the patch (a trial is gold level);
 * turning one off, or sending it unchanged, is always allowed.
 */
export function assertSettingsAllowed(stored: ClientRow, patch: ClientPatch, isTrialAccount: boolean): void {
  const level = accountLevel({ tier: patch.tier ?? stored.tier, is_trial_account: isTrialAccount });
  const current = settingsOf(stored);
  const refused = CLIENT_SETTINGS.some(
    ({ key }) => patch[key] === true && !current[key] && !settingAllowed(key, level),
  );
  if (refused) throw forbidden(MESSAGES.upgradeToEnable);
}
