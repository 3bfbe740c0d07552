import { isAdminRole, isTier4, managesAccount, type Viewer } from './roles';
import type { TierNumber } from './tiers';

/** What an account's level and a viewer's role allow in settings (spec part 2 §6, D9, D10). */

export interface AccountFacts {
  tier: TierNumber;
  is_trial_account: boolean;
  locations_count: number;
}

/** A trial monitors one location: the one created at sign-up. */
export function canAddLocation(account: AccountFacts): boolean {
  return !account.is_trial_account || account.locations_count < 1;
}

/** The list pickers' add link (spec part 1 §2 "Other"): who manages the account, while it may have another location. */
export function mayAddLocation(viewer: Viewer, account: AccountFacts): boolean {
  return (viewer.isSuperuser || managesAccount(viewer)) && canAddLocation(account);
}

export function canAddContacts(viewer: Pick<Viewer, 'isSuperuser'>): boolean {
  return !viewer.isSuperuser;
}

export function canManageClients(viewer: Viewer): boolean {
  return isTier4(viewer);
}

/** The role admin sees every account's contacts and the Account Name column. */
export function seesAllContacts(viewer: Pick<Viewer, 'role' | 'isSuperuser'>): boolean {
  return isAdminRole(viewer) || viewer.isSuperuser;
}

export interface SettingsTab {
  key: 'clients' | 'contacts' | 'locations' | 'notifications' | 'account';
  label: string;
  to: string;
}

/**
 * The settings tab bar (spec part 2 §2): under 600 px client management is left out. Superusers
 * have no account of their own, so no Account tab; plain contacts manage nothing, so no bar.
 */
export function settingsTabs(viewer: Viewer, narrow: boolean): SettingsTab[] {
  const tier4 = isTier4(viewer);
  if (!tier4 && !managesAccount(viewer)) return [];
  const tabs: SettingsTab[] = [];
  if (tier4 && !narrow) tabs.push({ key: 'clients', label: 'Client Management', to: '/settings-admin' });
  tabs.push({ key: 'contacts', label: 'Modify Contacts', to: '/contact-list' });
  if (!tier4) tabs.push({ key: 'locations', label: 'Modify Locations', to: '/location-list' });
  if (!viewer.isSuperuser)
    tabs.push({ key: 'notifications', label: 'Notifications', to: '/settings-general' });
  if (!viewer.isSuperuser) tabs.push({ key: 'account', label: 'Account', to: '/client-form' });
  return tabs;
}
