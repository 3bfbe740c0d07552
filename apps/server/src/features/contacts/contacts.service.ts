import {
  CONTACT_FLAGS,
  CONTACT_MESSAGES,
  type Contact,
  type ContactCreate,
  type ContactPatch,
} from '@pluvio/shared/contacts';
import type { ContactImportRow, ImportResult } from '@pluvio/shared/csv-import';
import type { Paging } from '@pluvio/shared/lists';
import { canAddContacts, seesAllContacts } from '@pluvio/shared/permissions';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import type { AuditActor } from '../../core/access';
import { type AccountAccess, MANAGERS_ONLY, manages, requireManager } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { conflict, forbidden, invalidField, notFound } from '../../core/lib/errors';
import { requireImportSize } from '../../core/lib/import-checks';
import { DAY_MS } from '../../core/lib/time';
import type { ContactRow } from '../../core/tables/contacts';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService } from '../accounts';
import type { AuditService } from '../audit';
import type { AuthService } from '../auth';
import type { OutboxService } from '../notifications';
import type { RateLimitsService } from '../rate-limits';
import type { UsersService } from '../users';
import { checkedImportRows, separateExisting } from './contacts.import';
import { type ContactPerson, createContactLogins } from './contacts.logins';
import { CONTACT_FLAG_COLUMNS, type ListedContact, presentContact } from './contacts.presenter';
import { createContactsRepository, type NewContact } from './contacts.repository';

export interface ContactsDeps {
  accounts: AccountsService;
  users: UsersService;
  auth: AuthService;
  outbox: OutboxService;
  rateLimits: Pick<RateLimitsService, 'admitMany'>;
  audit: Pick<AuditService, 'record'>;
}

/** The stored fields a create or patch body sets; absent fields are left out. */
function columnValues(input: ContactPatch): Partial<NewContact> {
  const values: Partial<NewContact> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) values.email = input.email;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.status !== undefined) values.status = input.status;
  if (input.email_notification !== undefined) values.emailNotification = input.email_notification;
  if (input.sms_notification !== undefined) values.smsNotification = input.sms_notification;
  for (const flag of CONTACT_FLAGS) {
    const value = input[flag];
    if (value !== undefined) values[CONTACT_FLAG_COLUMNS[flag]] = value;
  }
  if (input.monthly_report_on !== undefined) values.monthlyReportOn = input.monthly_report_on;
  return values;
}

export interface ContactsOptions {
  publicUrl: string;
  /** CONTACTS_PER_ACCOUNT, ROWS_PER_IMPORT and CONTACT_EMAILS_PER_DAY (issue 24). */
  limits: { perAccount: number; rowsPerImport: number; emailsPerDay: number };
}

/** A deleted contact as the audit trail names it: 'Sam Lee <sam@example.com>', or the name alone. */
const contactLabel = (contact: ListedContact) =>
  contact.email ? `${contact.name} <${contact.email}>` : contact.name;

const coOwnerNeedsEmail = () => invalidField(['body', 'co_owner'], CONTACT_MESSAGES.coOwnerNeedsEmail);

/**
 * An account's contacts (spec part 2 §3-§7): the people who receive its reports and alerts.
 * A contact with an e-mail address has a login (a user); a co-owner is a contact whose user
 * also holds a client admin record of the account. Owners, co-owners and superusers manage
 * contacts; superusers cannot add them.
 */
export function createContactsService(db: AppDb, deps: ContactsDeps, options: ContactsOptions) {
  const repository = createContactsRepository(db);
  const logins = createContactLogins(deps, options);
  const { accounts, outbox } = deps;
  const { limits } = options;

  /**
   * Refuses (409) contacts that would take the account over CONTACTS_PER_ACCOUNT, before any
   * login or contact is written. Unlike locations this is not under a lock: adding contacts also
   * writes users through their own service, outside one transaction, and a race can only pass
   * the limit by one request's contacts.
   */
  function requireRoom(existing: number, adding: number, refusal: string): void {
    if (existing + adding > limits.perAccount) throw conflict(refusal);
  }

  function requireAdder(access: AccountAccess): void {
    requireManager(access);
    if (!canAddContacts(access.viewer)) throw forbidden(CONTACT_MESSAGES.superuserCannotAdd);
  }

  async function requireContact(access: AccountAccess, id: number): Promise<ListedContact> {
    const contact = await repository.find(access.client.id, id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return contact;
  }

  async function requireFreeEmail(clientId: number, email: string, exceptId: number | null): Promise<void> {
    if (await repository.emailInUse(clientId, email, exceptId)) throw conflict(CONTACT_MESSAGES.emailTaken);
  }

  /**
   * Counts the invitation or notice each person with an address will be e-mailed against the
   * account's CONTACT_EMAILS_PER_DAY, before any login is made; 429 and nothing done past it.
   */
  async function admitEmails(access: AccountAccess, people: ContactPerson[]): Promise<void> {
    const max = limits.emailsPerDay;
    await deps.rateLimits.admitMany(
      { bucket: 'contact-emails', max, windowMs: DAY_MS },
      `client:${access.client.id}`,
      people.length,
      (left) => QUOTA_MESSAGES.contactEmailsPerDay(people.length, left, max),
    );
  }

  /** The user a contact's address signs in as; the invitation or notice waits for `send`. */
  async function loginFor(access: AccountAccess, person: ContactPerson) {
    await admitEmails(access, [person]);
    const { userIds, emails } = await logins.provide(access.client, [person]);
    return {
      userId: userIds.get(person.email.toLowerCase()) ?? null,
      send: () => outbox.enqueueEmails(emails),
    };
  }

  /** Saving as co-owner adds the client admin record; as plain contact removes it (spec part 2 §4). */
  async function setCoOwner(clientId: number, userId: number | null, coOwner: boolean): Promise<void> {
    if (coOwner) {
      if (userId === null) throw coOwnerNeedsEmail();
      await accounts.addClientAdmin(clientId, userId);
    } else if (userId !== null) {
      await accounts.removeClientAdmin(clientId, userId);
    }
  }

  return {
    /** Stores a contact as given (demo data and tests). */
    create: repository.insert,
    /** Which of the lower-case addresses are the account's contacts' (who its reports may go to). */
    addressesAmong: repository.addressesAmong,

    /** The account's contact rows as the API returns them, co-owners and stopped phones marked (lists other features read). */
    async present(access: AccountAccess, rows: readonly ContactRow[]): Promise<Contact[]> {
      const coOwners = await accounts.adminUserIds(access.client.id);
      const optedOut = await repository.smsOptedOutAt(rows.map((row) => row.id));
      return rows.map((row) =>
        presentContact(row, access.client.accountName, coOwners, optedOut.get(row.id) ?? null),
      );
    },

    async list(access: AccountAccess, paging: Paging): Promise<ListedContact[]> {
      requireManager(access);
      return repository.list(access.client.id, paging);
    },

    /** Every account's contacts: for the role admin and superusers (spec part 2 §6). */
    async listAll(user: UserRow, paging: Paging): Promise<ListedContact[]> {
      if (!seesAllContacts(user)) throw forbidden(CONTACT_MESSAGES.allContactsAdminsOnly);
      return repository.list(null, paging);
    },

    /** Managers read any contact of the account; a plain contact only its own record. */
    async get(access: AccountAccess, id: number): Promise<ListedContact> {
      const contact = await requireContact(access, id);
      if (!manages(access) && access.contactId !== id) throw forbidden(MANAGERS_ONLY);
      return contact;
    },

    async add(access: AccountAccess, input: ContactCreate): Promise<ListedContact> {
      requireAdder(access);
      const clientId = access.client.id;
      requireRoom(await repository.count(clientId), 1, QUOTA_MESSAGES.contactLimit(limits.perAccount));
      const email = input.email ?? null;
      if (email) await requireFreeEmail(clientId, email, null);
      if (input.co_owner && !email) throw coOwnerNeedsEmail();
      const phone = input.phone ?? null;
      const login = email ? await loginFor(access, { email, name: input.name, phone }) : null;
      const userId = login?.userId ?? null;
      const row = await repository.insert({ ...columnValues(input), clientId, userId, name: input.name });
      if (input.co_owner !== undefined) await setCoOwner(clientId, userId, input.co_owner);
      await login?.send();
      return requireContact(access, row.id);
    },

    /**
     * Changes a contact. A new address links the contact to that address's login (the old
     * user keeps its login but no longer this contact, nor its co-owner record here).
     */
    async update(access: AccountAccess, id: number, patch: ContactPatch): Promise<ListedContact> {
      requireManager(access);
      const clientId = access.client.id;
      const current = await requireContact(access, id);
      const email = patch.email === undefined ? current.email : patch.email;
      const phone = patch.phone === undefined ? current.phone : patch.phone;
      if (!email && !phone) throw invalidField(['body', 'email'], CONTACT_MESSAGES.emailInvalid);
      const emailChanged = (email?.toLowerCase() ?? null) !== (current.email?.toLowerCase() ?? null);
      if (email && emailChanged) await requireFreeEmail(clientId, email, id);
      const coOwner = patch.co_owner ?? current.coOwner;
      if (coOwner && !email) throw coOwnerNeedsEmail();

      const relink = emailChanged || (email !== null && current.userId === null);
      const name = patch.name ?? current.name;
      const login = relink && email ? await loginFor(access, { email, name, phone: phone ?? null }) : null;
      const userId = relink ? (login?.userId ?? null) : current.userId;
      await repository.update(clientId, id, { ...columnValues(patch), userId });
      if (current.coOwner && current.userId !== null && current.userId !== userId) {
        await accounts.removeClientAdmin(clientId, current.userId);
      }
      if (patch.co_owner !== undefined || userId !== current.userId)
        await setCoOwner(clientId, userId, coOwner);
      await login?.send();
      return requireContact(access, id);
    },

    /**
     * Deletes contacts of the account, all or none (Delete on the list or the form, and Delete
     * selected): an id that is not the account's answers 404 and nothing is deleted. Their
     * assignments go with them, and their users' co-owner records here; the users keep their
     * logins. One audit entry names them. Answers how many were deleted.
     */
    async remove(access: AccountAccess, ids: readonly number[], by: AuditActor): Promise<number> {
      requireManager(access);
      const clientId = access.client.id;
      const unique = [...new Set(ids)];
      const found = await repository.findMany(clientId, unique);
      if (found.length !== unique.length) throw notFound(CONTACT_MESSAGES.notFound);
      await repository.delete(clientId, unique);
      for (const contact of found) {
        if (contact.coOwner && contact.userId !== null)
          await accounts.removeClientAdmin(clientId, contact.userId);
      }
      await deps.audit.record({
        ...by,
        action: 'contacts_deleted',
        clientId,
        details: { contacts: found.map(contactLabel) },
      });
      return found.length;
    },

    /**
     * CSV bulk import (spec part 2 §5): every row checked again, any bad row stops it all, as do
     * more than ROWS_PER_IMPORT rows or more contacts than CONTACTS_PER_ACCOUNT allows;
     * rows already in the account (or repeated) are left out and listed; the others are
     * added with their logins in a few statements, not one a row. A preview answers what the
     * import would add and changes nothing (nor counts against the day's invitations).
     */
    async importRows(
      access: AccountAccess,
      rows: ContactImportRow[],
      preview = false,
    ): Promise<ImportResult> {
      requireAdder(access);
      const clientId = access.client.id;
      requireImportSize(rows.length, limits.rowsPerImport);
      const checked = checkedImportRows(rows);
      const present = await repository.identities(clientId);
      const { fresh, existing } = separateExisting(checked, present);
      requireRoom(
        present.length,
        fresh.length,
        QUOTA_MESSAGES.contactImportLimit(present.length, fresh.length, limits.perAccount),
      );
      if (preview) return { created: fresh.length, existing, monthly_price: null };
      const people = fresh.flatMap((row) =>
        row.email ? [{ email: row.email, name: row.name, phone: row.phone ?? null }] : [],
      );
      await admitEmails(access, people);
      const { userIds, emails } = await logins.provide(access.client, people);
      const created = await repository.insertMany(
        clientId,
        fresh.map((row) => ({
          userId: row.email ? (userIds.get(row.email) ?? null) : null,
          name: row.name,
          email: row.email ?? null,
          phone: row.phone ?? null,
          status: row.status ?? 'active',
        })),
      );
      await outbox.enqueueEmails(emails);
      return { created, existing, monthly_price: null };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
