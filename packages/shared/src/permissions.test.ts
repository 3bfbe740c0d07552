import { describe, expect, it } from 'vitest';
import { levelAllows } from './gates';
import {
  canAddContacts,
  canAddLocation,
  canManageClients,
  mayAddLocation,
  seesAllContacts,
  settingsTabs,
} from './permissions';
import type { Viewer } from './roles';
import { TIER } from './tiers';

const superuser: Viewer = { role: 'admin', coOwner: false, isSuperuser: true, tier: TIER.superuser };
const owner: Viewer = { role: 'client', coOwner: false, isSuperuser: false, tier: TIER.gold };
const coOwner: Viewer = { role: 'contact', coOwner: true, isSuperuser: false, tier: TIER.bronze };

const keys = (viewer: Viewer, narrow: boolean) => settingsTabs(viewer, narrow).map((tab) => tab.key);

describe('settings tab bar', () => {
  it('gives a superuser Client Management and Modify Contacts: no Locations, Notifications or own Account', () => {
    expect(settingsTabs(superuser, false)).toEqual([
      { key: 'clients', label: 'Client Management', to: '/settings-admin' },
      { key: 'contacts', label: 'Modify Contacts', to: '/contact-list' },
    ]);
  });

  it('leaves Client Management out under 600 px', () => {
    expect(keys(superuser, true)).toEqual(['contacts']);
  });

  it('gives a plain contact no tab bar', () => {
    const contact: Viewer = { role: 'contact', coOwner: false, isSuperuser: false, tier: TIER.gold };
    expect(settingsTabs(contact, false)).toEqual([]);
  });

  it('gives owners and co-owners contacts, locations, notifications and their account on any screen', () => {
    const expected = ['contacts', 'locations', 'notifications', 'account'];
    for (const viewer of [owner, coOwner]) {
      expect(keys(viewer, false)).toEqual(expected);
      expect(keys(viewer, true)).toEqual(expected);
    }
    expect(settingsTabs(owner, false).find((tab) => tab.key === 'locations')).toEqual({
      key: 'locations',
      label: 'Modify Locations',
      to: '/location-list',
    });
    expect(settingsTabs(owner, false).find((tab) => tab.key === 'notifications')?.to).toBe(
      '/settings-general',
    );
  });
});

describe('settings permissions', () => {
  it('lets a trial add a location only while it has none', () => {
    const trial = { tier: TIER.gold, is_trial_account: true };
    expect(canAddLocation({ ...trial, locations_count: 0 })).toBe(true);
    expect(canAddLocation({ ...trial, locations_count: 1 })).toBe(false);
    expect(canAddLocation({ tier: TIER.bronze, is_trial_account: false, locations_count: 40 })).toBe(true);
  });

  it('offers the add link to owners, co-owners and superusers while the account may have another location', () => {
    const account = { tier: TIER.gold, is_trial_account: false, locations_count: 3 };
    const plainContact: Viewer = { role: 'contact', coOwner: false, isSuperuser: false, tier: TIER.gold };
    for (const viewer of [owner, coOwner, superuser]) expect(mayAddLocation(viewer, account)).toBe(true);
    expect(mayAddLocation(plainContact, account)).toBe(false);
    expect(mayAddLocation(owner, { ...account, is_trial_account: true, locations_count: 1 })).toBe(false);
  });

  it('needs silver to delete locations, set a RapidRain threshold or upload a file', () => {
    for (const feature of ['locationDelete', 'rapidrainThreshold', 'locationBulkUpload'] as const) {
      expect(levelAllows(TIER.bronze, feature)).toBe(false);
      expect(levelAllows(TIER.silver, feature)).toBe(true);
    }
  });

  it('keeps client management to tier 4 and contact creation from superusers', () => {
    expect(canManageClients(superuser)).toBe(true);
    expect(canManageClients(owner)).toBe(false);
    expect(canAddContacts(superuser)).toBe(false);
    expect(canAddContacts(owner)).toBe(true);
  });

  it('shows every account contact to the admin role and superusers', () => {
    expect(seesAllContacts({ role: 'admin', isSuperuser: false })).toBe(true);
    expect(seesAllContacts(superuser)).toBe(true);
    expect(seesAllContacts(owner)).toBe(false);
  });
});
