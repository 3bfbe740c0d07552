import type { ClientIdQuery } from '@pluvio/shared/lists';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountAccess, AuditActor, AuthContext } from './access';
import { recordReads, type TableSet } from './db/table-reads';
import { forbidden, unauthorized } from './lib/errors';
import type { UserRow } from './tables/users';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The account an account-scoped route is about, set by `requireAccount`. */
    access: AccountAccess | null;
    /** The tables the guards read to admit the caller: a kept answer depends on them too. */
    guardReads: TableSet | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** What the guards ask: the session behind a token, and the caller's access to an account. */
export interface GuardDeps {
  auth: { authenticate(token: string): Promise<AuthContext | null> };
  accounts: { accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> };
}

/** Route guards: who may call. Each sets `request.auth` (and `requireAccount` `request.access`) for the handler. */
export function createGuards({ auth, accounts }: GuardDeps) {
  /** Runs a guard's lookup, adding the tables it read to the request's. */
  async function guardRead<T>(request: FastifyRequest, lookup: () => Promise<T>): Promise<T> {
    const { value, reads } = await recordReads(lookup);
    const before = request.guardReads;
    request.guardReads = before === '*' || reads === '*' ? '*' : new Set([...(before ?? []), ...reads]);
    return value;
  }

  async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const context = token ? await guardRead(request, () => auth.authenticate(token)) : null;
    if (!context) throw unauthorized();
    request.auth = context;
  }
  return {
    requireUser,
    async requireSuperuser(request: FastifyRequest): Promise<void> {
      await requireUser(request);
      if (!request.auth?.user.isSuperuser) throw forbidden('Administrators only');
    },
    /**
     * Every account-scoped route (D10): the caller, then the account its `client_id` names, or
     * the caller's active one, resolved once by `accounts.accessFor` (401, then 404 for an account
     * that is not the caller's). The route's querystring schema has `client_id`; Fastify has
     * validated it before a preHandler runs.
     */
    async requireAccount(request: FastifyRequest): Promise<void> {
      await requireUser(request);
      const { client_id } = request.query as ClientIdQuery;
      request.access = await guardRead(request, () => accounts.accessFor(authOf(request).user, client_id));
    },
    /** Sets `request.auth` when a valid token is present, without requiring one. */
    async optionalUser(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      request.auth = token ? await auth.authenticate(token) : null;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller, for handlers behind requireUser. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The account and the caller's relation to it, for handlers behind requireAccount. */
export function accessOf(request: FastifyRequest): AccountAccess {
  if (!request.access) throw unauthorized();
  return request.access;
}

/** Who the audit log names for a request behind requireUser: the masquerading superuser as actor (D11). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { user, actorUserId } = authOf(request);
  return actorUserId
    ? { actorUserId, asUserId: user.id, ip: request.ip }
    : { actorUserId: user.id, asUserId: null, ip: request.ip };
}
