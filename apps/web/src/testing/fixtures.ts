import type { Subscription } from '@pluvio/shared/billing';
import { CLIENT_SETTINGS, type Client, type ClientSettings } from '@pluvio/shared/clients';
import { CONTACT_FLAGS, type Contact, type ContactFlag } from '@pluvio/shared/contacts';
import type { Inspection } from '@pluvio/shared/inspections';
import type { Location } from '@pluvio/shared/locations';
import type { RoutineInspection } from '@pluvio/shared/routine-inspections';
import type { StormEventDetail, StormEventView } from '@pluvio/shared/storm-events-api';
import { buildUser } from '@pluvio/shared/test-users';
import type { CurrentUser } from '@pluvio/shared/users.schemas';

export { buildClient, buildUser } from '@pluvio/shared/test-users';

/** Ada Admin, a superuser of no account of her own. */
export function buildSuperuser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return buildUser({
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'admin',
    is_superuser: true,
    clients: [],
    primary_client_id: null,
    ...overrides,
  });
}

export function buildLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: 101,
    client_id: 10,
    name: 'Warehouse North',
    category: null,
    latitude: 29.76,
    longitude: -95.37,
    status: 'active',
    active: true,
    h24_threshold: 0.5,
    rapidrain_threshold: null,
    storm_threshold: 0.25,
    inspection_rule: 'within_24h',
    routine_cadence_days: null,
    atlas14_threshold: null,
    data_start_date: '2026-11-01',
    created_at: '2026-11-01T12:00:00.000Z',
    total_rainfall: 0,
    color_24: 'green',
    total_hourly_rainfall: 0,
    color_hourly: 'green',
    ...overrides,
  };
}

export function buildContact(overrides: Partial<Contact> = {}): Contact {
  const flags = Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, true])) as Record<ContactFlag, boolean>;
  return {
    id: 201,
    client_id: 10,
    user_id: null,
    account_name: 'Acme Builders',
    name: 'Sam Site',
    email: 'sam@example.com',
    phone: '5125550100',
    status: 'active',
    co_owner: false,
    email_notification: true,
    sms_notification: true,
    ...flags,
    monthly_report_on: false,
    created_at: '2026-11-01T12:00:00.000Z',
    sms_opted_out_at: null,
    ...overrides,
  };
}

/** A client account as GET /api/clients/{id} answers, for component tests. */
export function buildAccount(overrides: Partial<Client> = {}): Client {
  const settings = Object.fromEntries(CLIENT_SETTINGS.map(({ key }) => [key, true])) as ClientSettings;
  return {
    id: 10,
    account_name: 'Acme Builders',
    email: 'office@acme.example',
    phone: '7135550101',
    status: 'active',
    account_type: 'paid',
    is_trial_account: false,
    tier: 'bronze',
    trial_end_date: null,
    manual_invoice: false,
    invoice_period: 'monthly',
    invoice_day: 15,
    invoice_email: null,
    last_payment_status: 'paid',
    auto_add_locations: true,
    locations_count: 3,
    owner_user_id: 1,
    owner_email: 'jane@example.com',
    stripe_customer_id: null,
    stripe_session_id: null,
    subscription_ends_on: null,
    created_at: '2026-01-05T12:00:00Z',
    storm_threshold: 0.25,
    storm_dry_hours: 6,
    ...settings,
    ...overrides,
  };
}

/** A silver test-checkout subscription of 7 locations (2 blocks at $18), as GET /api/billing/subscription answers. */
export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    client_id: 10,
    tier: 'silver',
    is_trial_account: false,
    trial_end_date: null,
    unit_amount: 18,
    locations_count: 7,
    blocks: 2,
    monthly_amount: 36,
    next_bill: { date: '2026-12-15', amount: 36 },
    ends_on: null,
    can_cancel: true,
    payment_method: 'test_checkout',
    ...overrides,
  };
}

/** An overdue storm event at Warehouse North: 0.42 in on Nov 20, 8 AM to 1 PM Eastern. */
export function buildStormEvent(overrides: Partial<StormEventView> = {}): StormEventView {
  return {
    id: 31,
    client_id: 10,
    location_id: 101,
    location_name: 'Warehouse North',
    started_at: '2026-11-20T13:00:00.000Z',
    ended_at: '2026-11-20T18:00:00.000Z',
    opened_at: '2026-11-20T15:00:00.000Z',
    total: 0.4236,
    wettest_hour: { ends_at: '2026-11-20T15:00:00.000Z', amount: 0.21 },
    passes: [1],
    sources: ['mrms'],
    source_label: 'NOAA MRMS radar/gauge, Pass 1',
    threshold: 0.25,
    inspection_rule: 'within_24h',
    due_at: '2026-11-21T18:00:00.000Z',
    status: 'overdue',
    revised_at: null,
    ...overrides,
  };
}

/** `buildStormEvent` as its page reads it: no hours, inspections or revisions unless given. */
export function buildStormEventDetail(overrides: Partial<StormEventDetail> = {}): StormEventDetail {
  return {
    ...buildStormEvent(),
    hours: [],
    due_if_dry_at: null,
    inspections: [],
    revisions: [],
    ...overrides,
  };
}

/** An inspection of `buildStormEvent` by Carl Contact, with two BMPs and two corrective actions. */
export function buildInspection(overrides: Partial<Inspection> = {}): Inspection {
  return {
    id: 7,
    event_id: 31,
    location_id: 101,
    client_id: 10,
    inspector: { user_id: 5, name: 'Carl Contact' },
    inspected_at: '2026-11-21T14:00:00.000Z',
    counts_for_event: true,
    bmps: ['Silt fence', 'Inlet protection'],
    findings: 'Sediment behind the north fence.',
    notes: 'Gate locked.',
    corrective_actions: [
      { id: 70, description: 'Clean out the fence', due_on: '2026-11-24', completed_at: null },
      { id: 71, description: 'Replace inlet sock', due_on: null, completed_at: '2026-11-21T15:00:00.000Z' },
    ],
    photos: [],
    created_at: '2026-11-21T14:05:00.000Z',
    updated_at: '2026-11-21T14:05:00.000Z',
    ...overrides,
  };
}

/** Warehouse North's routine schedule: every 7 days, last inspected Nov 20 by Jane Doe, overdue since the end of Nov 27 (Eastern). */
export function buildRoutineInspection(overrides: Partial<RoutineInspection> = {}): RoutineInspection {
  return {
    location_id: 101,
    location_name: 'Warehouse North',
    cadence_days: 7,
    since: '2026-11-01T15:00:00.000Z',
    last_inspection: { id: 9, inspected_at: '2026-11-20T19:30:00.000Z', inspector_name: 'Jane Doe' },
    due_at: '2026-11-28T04:59:59.999Z',
    status: 'overdue',
    ...overrides,
  };
}
