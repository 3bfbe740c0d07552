import type { CurrentUser, UserClient } from './users.schemas';

/** For tests: Acme Builders, a bronze paid account, as the signed-in user's list of accounts holds it. */
export function buildClient(overrides: Partial<UserClient> = {}): UserClient {
  return {
    id: 10,
    account_name: 'Acme Builders',
    tier: 'bronze',
    status: 'active',
    account_type: 'paid',
    is_trial_account: false,
    trial_end_date: null,
    invoice_email: null,
    last_payment_status: null,
    payment_grace_end_date: null,
    membership: 'owner',
    ...overrides,
  };
}

/** For tests: Jane Doe, a verified owner of `buildClient` with 3 locations, as /users/me answers. */
export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'jane@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    phone: '5551234567',
    role: 'client',
    co_owner: false,
    is_superuser: false,
    is_verified: true,
    is_active: true,
    agree_to_terms: true,
    agree_to_privacy_policy: true,
    primary_client_id: 10,
    clients: [buildClient()],
    contact_id: null,
    location_count: 3,
    impersonator: null,
    can_return: false,
    pending_email: null,
    pending_email_expires_at: null,
    ...overrides,
  };
}
