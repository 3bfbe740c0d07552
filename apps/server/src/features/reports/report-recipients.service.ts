import { ROUTES } from '@pluvio/shared/navigation';
import {
  MAX_REPORT_RECIPIENTS_PER_ACCOUNT,
  QUOTA_MESSAGES,
  RECIPIENT_CONFIRMATION_DAYS,
  RECIPIENT_CONFIRMATIONS_PER_HOUR,
  type ReportRecipient,
} from '@pluvio/shared/quotas';
import { type AccountAccess, requireManager } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { layoutEmail } from '../../core/lib/email-layout';
import { AppError, badRequest, conflict, notFound } from '../../core/lib/errors';
import { DAY_MS, HOUR_MS } from '../../core/lib/time';
import { hashToken, randomToken } from '../../core/lib/tokens';
import type { ClientRow } from '../../core/tables/accounts';
import type { ReportRecipientRow } from '../../core/tables/reports';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService } from '../accounts';
import type { ContactsService } from '../contacts';
import type { EmailToQueue, OutboxService } from '../notifications';
import type { Allowance, RateLimitsService } from '../rate-limits';
import type { UsersService } from '../users';
import { createReportRecipientsRepository } from './report-recipients.repository';

export interface ReportRecipientsOptions {
  clock: Clock;
  publicUrl: string;
  accounts: Pick<AccountsService, 'accessFor' | 'findClient'>;
  users: Pick<UsersService, 'findById'>;
  contacts: Pick<ContactsService, 'addressesAmong'>;
  /** The outbox writing in the transaction that adds the recipient, so both commit together. */
  outboxIn: (db: AppDb) => Pick<OutboxService, 'enqueueEmail'>;
  rateLimits: Pick<RateLimitsService, 'take'>;
  onMailQueued?: () => Promise<void>;
}

const CONFIRMATIONS = {
  bucket: 'report-recipient-confirmations',
  max: RECIPIENT_CONFIRMATIONS_PER_HOUR,
  windowMs: HOUR_MS,
};

function present(row: ReportRecipientRow): ReportRecipient {
  return {
    id: row.id,
    email: row.email,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function confirmationEmail(to: string, accountName: string, addedBy: string, url: string): EmailToQueue {
  return {
    to,
    kind: 'report_recipient_confirm',
    subject: `Confirm that you want rainfall reports of ${accountName} from Pluvio`,
    ...layoutEmail(
      [
        `${addedBy} asked Pluvio, the rainfall monitoring service, to let the users of ${accountName} e-mail their rainfall reports to this address.`,
        `Nothing is sent to it until you confirm. The link below works for ${RECIPIENT_CONFIRMATION_DAYS} days.`,
        'If you do not expect these reports, ignore this message: no report will be sent to you.',
      ],
      { label: 'Confirm this address', url },
    ),
  };
}

/**
 * Who an account's reports may be e-mailed to (issue 24): the requester, the account's owner
 * and contacts, and extra addresses an owner or co-owner added and whose owner confirmed them by
 * following an e-mailed link. Anything else is refused before a task is queued.
 */
export function createReportRecipientsService(db: AppDb, options: ReportRecipientsOptions) {
  const { clock } = options;
  const repository = createReportRecipientsRepository(db);

  async function managedAccess(user: UserRow, clientId: number): Promise<AccountAccess> {
    const access = await options.accounts.accessFor(user, clientId);
    requireManager(access);
    return access;
  }

  /** The addresses of the account's people: the requester and the account's owner. */
  async function ownAddresses(access: AccountAccess): Promise<Set<string>> {
    const owner =
      access.client.ownerUserId === null
        ? undefined
        : await options.users.findById(access.client.ownerUserId);
    return new Set(
      [access.user.email, owner?.email].flatMap((email) => (email ? [email.toLowerCase()] : [])),
    );
  }

  /** Room for one more recipient and its confirmation e-mail; the allowance is taken back if none goes. */
  async function requireRoom(clientId: number): Promise<Allowance> {
    if ((await repository.count(clientId)) >= MAX_REPORT_RECIPIENTS_PER_ACCOUNT)
      throw conflict(QUOTA_MESSAGES.recipientsFull);
    const allowance = await options.rateLimits.take(CONFIRMATIONS, `client:${clientId}`);
    if (!allowance.allowed)
      throw new AppError(429, QUOTA_MESSAGES.confirmationsPerHour, {
        'retry-after': String(allowance.retryAfterSeconds),
      });
    return allowance;
  }

  /** The recipient and its confirmation e-mail, committed together (409 when the address is there already). */
  async function insertWithConfirmation(user: UserRow, client: ClientRow, email: string) {
    const token = randomToken();
    const now = clock.now();
    const url = `${options.publicUrl}${ROUTES.confirmReportRecipient}?token=${token}`;
    const addedBy = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return db.transaction(async (tx) => {
      const added = await createReportRecipientsRepository(tx).insert({
        clientId: client.id,
        email,
        addedBy: user.id,
        tokenHash: hashToken(token),
        tokenExpiresAt: new Date(now.getTime() + RECIPIENT_CONFIRMATION_DAYS * DAY_MS),
        createdAt: now,
      });
      if (!added) throw conflict(QUOTA_MESSAGES.recipientExists(email));
      await options.outboxIn(tx).enqueueEmail(confirmationEmail(email, client.accountName, addedBy, url));
      return added;
    });
  }

  return {
    async list(user: UserRow, clientId: number): Promise<ReportRecipient[]> {
      await managedAccess(user, clientId);
      return (await repository.list(clientId)).map(present);
    },

    /** Adds an extra recipient and e-mails it the confirmation link (429 past 10 such e-mails an hour). */
    async add(user: UserRow, clientId: number, email: string): Promise<ReportRecipient> {
      const { client } = await managedAccess(user, clientId);
      const allowance = await requireRoom(clientId);
      let row: ReportRecipientRow;
      try {
        row = await insertWithConfirmation(user, client, email);
      } catch (error) {
        await allowance.undo();
        throw error;
      }
      await options.onMailQueued?.();
      return present(row);
    },

    async remove(user: UserRow, clientId: number, id: number): Promise<void> {
      await managedAccess(user, clientId);
      if (!(await repository.remove(clientId, id))) throw notFound(QUOTA_MESSAGES.recipientNotFound);
    },

    /** The link of the confirmation e-mail: works once, within RECIPIENT_CONFIRMATION_DAYS. */
    async confirm(token: string): Promise<{ detail: string }> {
      const row = await repository.confirm(hashToken(token), clock.now());
      const client = row && (await options.accounts.findClient(row.clientId));
      if (!row || !client) throw badRequest(QUOTA_MESSAGES.confirmationBadToken);
      return { detail: QUOTA_MESSAGES.recipientConfirmed(row.email, client.accountName) };
    },

    /** Refuses (422, naming it) the first address a report of the account may not be e-mailed to. */
    async requireAllowed(access: AccountAccess, addresses: readonly string[]): Promise<void> {
      const own = await ownAddresses(access);
      const others = [...new Set(addresses.map((address) => address.toLowerCase()))].filter(
        (address) => !own.has(address),
      );
      if (others.length === 0) return;
      const clientId = access.client.id;
      const allowed = new Set([
        ...(await options.contacts.addressesAmong(clientId, others)),
        ...(await repository.confirmedAmong(clientId, others)),
      ]);
      const refused = others.find((address) => !allowed.has(address));
      if (refused) throw new AppError(422, QUOTA_MESSAGES.recipientNotAllowed(refused));
    },
  };
}

export type ReportRecipientsService = ReturnType<typeof createReportRecipientsService>;
