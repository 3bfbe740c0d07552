import { API_KEY_MESSAGES, isApiKey } from '@pluvio/shared/api-keys';
import type { ClientIdQuery } from '@pluvio/shared/lists';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountAccess,
  type ApiKeyGrant,
  type AuditActor,
  type AuthContext,
  accountNotFound,
} from './access';
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

/** What the guards ask: the session behind a token or API key, and the caller's access to an account. */
export interface GuardDeps {
  auth: { authenticate(token: string): Promise<AuthContext | null> };
  apiKeys: { authenticate(key: string): Promise<AuthContext | null> };
  accounts: { accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> };
}

/**
 * Routes an API key never calls, whatever its scope: signing in and out, sessions and switching
 * user, billing, the keys themselves, sign-ups, the administrators' pages, and the lists that
 * span every account of the person (their accounts, all their contacts). A key acts for its
 * owner on one account, not as the person.
 */
const NEVER_WITH_API_KEYS = [
  /^\/auth(\/|$)/,
  /^\/api\/(users\/refresh-token|billing|api-keys|admin|services\/user-token|signups|test-checkout)(\/|$)/,
  /^\/api\/(clients|contacts\/all)$/,
];
/** The owner's own sign-in details: a key may read them, never change them. */
const OWN_USER = /^(\/api)?\/users\/(me|email-change)(\/|$)/;
/** Routes about one account named by the path's `:id` rather than by `client_id`. */
const ACCOUNT_IN_PATH = /^\/api\/clients\/:id(\/|$)/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The accounts a request names: its `client_id`, and the account in its path. */
function accountsNamed(request: FastifyRequest, route: string): unknown[] {
  const { client_id } = (request.query ?? {}) as Record<string, unknown>;
  const { id } = (request.params ?? {}) as Record<string, unknown>;
  return [client_id, ACCOUNT_IN_PATH.test(route) ? id : undefined].filter((named) => named !== undefined);
}

/**
 * Refuses what a key may not do on this request: a route keys never call, another account (404,
 * as any account not the caller's), a write with a read key.
 */
function admitApiKey(request: FastifyRequest, grant: ApiKeyGrant): void {
  const route = request.routeOptions.url ?? request.url;
  const reads = READ_METHODS.has(request.method);
  if (NEVER_WITH_API_KEYS.some((pattern) => pattern.test(route)) || (OWN_USER.test(route) && !reads)) {
    throw forbidden(API_KEY_MESSAGES.notForKeys);
  }
  // A multipart form's guard runs before validation, while the query's numbers are still text.
  if (accountsNamed(request, route).some((named) => String(named) !== String(grant.clientId))) {
    throw accountNotFound();
  }
  if (grant.scope === 'read' && !reads) throw forbidden(API_KEY_MESSAGES.readOnly);
}

/** Route guards: who may call. Each sets `request.auth` (and `requireAccount` `request.access`) for the handler. */
export function createGuards({ auth, apiKeys, accounts }: GuardDeps) {
  /** Runs a guard's lookup, adding the tables it read to the request's. */
  async function guardRead<T>(request: FastifyRequest, lookup: () => Promise<T>): Promise<T> {
    const { value, reads } = await recordReads(lookup);
    const before = request.guardReads;
    request.guardReads = before === '*' || reads === '*' ? '*' : new Set([...(before ?? []), ...reads]);
    return value;
  }

  /** The caller behind a bearer token: a session's access token, or an API key admitted for this request. */
  async function callerOf(request: FastifyRequest, token: string): Promise<AuthContext | null> {
    if (!isApiKey(token)) return auth.authenticate(token);
    const context = await apiKeys.authenticate(token);
    if (!context?.apiKey) throw unauthorized(API_KEY_MESSAGES.invalid);
    admitApiKey(request, context.apiKey);
    return context;
  }

  async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const context = token ? await guardRead(request, () => callerOf(request, token)) : null;
    if (!context) throw unauthorized();
    request.auth = context;
  }
  return {
    requireUser,
    async requireSuperuser(request: FastifyRequest): Promise<void> {
      await requireUser(request);
      if (!request.auth?.user.isSuperuser || request.auth.apiKey) throw forbidden('Administrators only');
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
      const { user, apiKey } = authOf(request);
      // A key's requests are about its account; a session's default to the caller's active one.
      const clientId = client_id ?? apiKey?.clientId;
      request.access = await guardRead(request, () => accounts.accessFor(user, clientId));
    },
    /** Sets `request.auth` when a valid token is present, without requiring one. */
    async optionalUser(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      request.auth = token ? await callerOf(request, token) : null;
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
