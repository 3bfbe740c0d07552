import { TRIAL_DAYS } from '@pluvio/shared/accounts';
import {
  provisionedSettings,
  type SignupLocation,
  type SignupRequest,
  WIZARD_MESSAGES,
} from '@pluvio/shared/signup';
import { type TierName, TRIAL_TIER } from '@pluvio/shared/tiers';
import type { AppDb } from '../../core/db/client';
import { levelOfAccount } from '../../core/lib/account-level';
import type { Clock } from '../../core/lib/clock';
import { productDate } from '../../core/lib/time';
import type { SignupRow } from '../../core/tables/signups';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService } from '../accounts';
import type { AuditService } from '../audit';
import type { AuthService } from '../auth';
import type { CheckoutSession } from '../billing';
import type { LocationsService } from '../locations';
import type { OutboxService } from '../notifications';
import type { UsersService } from '../users';
import { type NewAccountFacts, newAccountNotice, welcomeEmail } from './signups.emails';

/** The services a provisioning uses, all on its one transaction. */
export interface ProvisioningServices {
  users: Pick<UsersService, 'create' | 'setPrimaryClient' | 'findByEmail'>;
  accounts: Pick<AccountsService, 'openAccount'>;
  locations: Pick<LocationsService, 'createFirst'>;
  audit: Pick<AuditService, 'record'>;
  auth: Pick<AuthService, 'sendVerification'>;
  outbox: Pick<OutboxService, 'enqueueEmail'>;
}

/** What provisioning needs besides its services: the receipt of the checkout that paid, from billing. */
export interface ProvisioningDeps {
  servicesIn: (tx: AppDb) => ProvisioningServices;
  /** The buyer's receipt for the checkout that paid for the account made in `tx` (billing's). */
  queueReceipt: (tx: AppDb, clientId: number, session: CheckoutSession) => Promise<void>;
}

export interface SignupsOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  supportEmail: string;
}

/** What a sign-up says about the person and their first location, paid or not. */
export interface SignupDetails extends NewAccountFacts {
  passwordHash: string;
  smsAccepted: boolean;
  location: SignupLocation;
}

export function detailsOfRequest(input: SignupRequest, passwordHash: string): SignupDetails {
  const kind = input.account_type;
  return {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    accountName: input.account_name || `${input.first_name} ${input.last_name}`,
    kind,
    tier: kind === 'trial' ? TRIAL_TIER : input.tier,
    passwordHash,
    smsAccepted: input.sms_accepted,
    location: input.location,
  };
}

export function detailsOfRow(row: SignupRow): SignupDetails {
  return {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    accountName: row.accountName || `${row.firstName} ${row.lastName}`,
    kind: 'paid',
    tier: row.tier as TierName,
    passwordHash: row.passwordHash,
    smsAccepted: row.smsAccepted,
    location: row.location,
  };
}

/**
 * Provisioning (spec part 2 §4 "Provisioning"): the user, the account, its first location and the
 * audit entries of a trial or a paid sign-up, with the new account's e-mails, in one transaction.
 */
export function createProvisioning(deps: ProvisioningDeps, options: SignupsOptions) {
  const { clock, publicUrl } = options;

  /**
   * The e-mails of a new account (with the receipt of a paid one), in a savepoint of the provisioning transaction: queued with the
   * account or not at all; when they cannot be queued the account still stands, with a notice.
   */
  async function queueAccountEmails(
    tx: AppDb,
    user: UserRow,
    clientId: number,
    facts: NewAccountFacts,
    session: CheckoutSession | null,
  ) {
    try {
      await tx.transaction(async (savepoint) => {
        const services = deps.servicesIn(savepoint);
        if (session) await deps.queueReceipt(savepoint, clientId, session);
        await services.auth.sendVerification(user);
        await services.outbox.enqueueEmail(welcomeEmail(facts, `${publicUrl}/dashboard`));
        await services.outbox.enqueueEmail(
          newAccountNotice(options.supportEmail, facts, `${publicUrl}/client-form?client_id=${clientId}`),
        );
      });
      return null;
    } catch (error) {
      console.error(
        'sign-up e-mails could not be queued:',
        error instanceof Error ? error.name : 'unknown error',
      );
      return WIZARD_MESSAGES.welcomeEmailFailed;
    }
  }

  /**
   * User, account with the notification defaults of its level, first location, the user's
   * primary account and the audit entries, all in the caller's transaction (spec §4 "Provisioning").
   */
  async function provision(
    tx: AppDb,
    details: SignupDetails,
    session: CheckoutSession | null,
    ip: string | null,
  ) {
    const services = deps.servicesIn(tx);
    const now = clock.now();
    const user = await services.users.create({
      email: details.email,
      passwordHash: details.passwordHash,
      firstName: details.firstName,
      lastName: details.lastName,
      phone: details.phone,
      role: 'client',
      isVerified: false,
      agreeToTerms: true,
    });
    const trial = details.kind === 'trial';
    const by = { actorUserId: user.id, asUserId: null, ip };
    const client = await services.accounts.openAccount(
      {
        accountName: details.accountName,
        email: details.email,
        phone: details.phone,
        status: 'active',
        accountType: details.kind,
        isTrialAccount: trial,
        tier: details.tier,
        trialEndDate: trial ? productDate(now, options.timeZone, TRIAL_DAYS) : null,
        lastPaymentStatus: trial ? null : 'paid',
        invoiceDay: trial ? null : Number(productDate(now, options.timeZone).slice(8)),
        stripeCustomerId: session?.customerId ?? null,
        stripeSubscriptionId: session?.subscriptionId ?? null,
        stripeSessionId: session?.id ?? null,
        ownerUserId: user.id,
      },
      provisionedSettings(details.tier),
      by,
    );
    await services.users.setPrimaryClient(user.id, client.id);
    await services.locations.createFirst(client.id, levelOfAccount(client), {
      ...details.location,
      rapidrain_threshold: details.location.rapidrain_threshold ?? null,
    });
    await services.audit.record({
      action: 'register',
      actorUserId: user.id,
      subjectUserId: user.id,
      clientId: client.id,
      ip,
      details: { signup: details.kind, tier: details.tier, sms_accepted: details.smsAccepted },
    });
    const notice = await queueAccountEmails(tx, user, client.id, details, session);
    return { user, clientId: client.id, notice };
  }

  return { provision };
}
