import { randomToken } from '../../core/lib/tokens';
import { hashPassword } from '../../core/passwords';
import type { ClientRow } from '../../core/tables/accounts';
import type { AuthService } from '../auth';
import { addedToAccountEmail, contactInvitationEmail } from '../auth';
import type { EmailToQueue } from '../notifications';
import type { UsersService } from '../users';

export interface ContactLoginDeps {
  users: UsersService;
  auth: AuthService;
}

/** A contact with an e-mail address, which is its login. */
export interface ContactPerson {
  email: string;
  name: string;
  phone: string | null;
}

export interface ContactLogins {
  /** User ids by lower-case address. */
  userIds: Map<string, number>;
  /** Invitations for the new users, notices for the existing ones; queued once the contacts are saved. */
  emails: EmailToQueue[];
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Logins for contacts (spec part 2 §5: an e-mail address creates a login for the contact). An
 * address that already has a user (any case) is linked to it and told about the account; any
 * other gets a new user (role contact, unverified, no usable password) and an invitation whose
 * link lets the contact choose a password. A few statements for any number of contacts.
 */
export function createContactLogins(deps: ContactLoginDeps, options: { publicUrl: string }) {
  const { users, auth } = deps;

  /** Users for the addresses not taken yet; an address taken meanwhile is skipped. */
  async function createUsers(clientId: number, people: ContactPerson[]) {
    if (people.length === 0) return [];
    // Nobody knows this password: the contact chooses one through the invitation link.
    const passwordHash = await hashPassword(randomToken());
    return users.createMany(
      people.map((person) => ({
        email: person.email,
        passwordHash,
        ...splitName(person.name),
        phone: person.phone,
        role: 'contact',
        isVerified: false,
        primaryClientId: clientId,
      })),
    );
  }

  return {
    async provide(client: ClientRow, people: ContactPerson[]): Promise<ContactLogins> {
      if (people.length === 0) return { userIds: new Map(), emails: [] };
      const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
      const known = await users.findByEmails([...byEmail.keys()]);
      const knownEmails = new Set(known.map((user) => user.email.toLowerCase()));
      const fresh = [...byEmail.values()].filter((person) => !knownEmails.has(person.email.toLowerCase()));
      const created = await createUsers(client.id, fresh);
      if (created.length < fresh.length) {
        const createdEmails = new Set(created.map((user) => user.email.toLowerCase()));
        const raced = fresh.filter((person) => !createdEmails.has(person.email.toLowerCase()));
        known.push(...(await users.findByEmails(raced.map((person) => person.email))));
      }
      const invitations = await auth.invitationLinks(created);
      const signIn = `${options.publicUrl}/`;
      const emails = [
        ...invitations.map(({ user, url }) =>
          contactInvitationEmail(user.email, user.firstName, client.accountName, url),
        ),
        ...known.map((user) => addedToAccountEmail(user.email, user.firstName, client.accountName, signIn)),
      ];
      const userIds = new Map([...known, ...created].map((user) => [user.email.toLowerCase(), user.id]));
      return { userIds, emails };
    },
  };
}
