import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARACTERS,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
} from '@pluvio/shared/api-keys';
import type { AccountAccess, AuditActor, AuthContext } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { noReadCache, type ReadCache } from '../../core/db/read-cache';
import type { Clock } from '../../core/lib/clock';
import { conflict, forbidden, notFound } from '../../core/lib/errors';
import { hashToken, randomToken } from '../../core/lib/tokens';
import type { ApiKeyRow } from '../../core/tables/api-keys';
import type { UserRow } from '../../core/tables/users';
import type { AuditService } from '../audit';
import type { RateLimitsService } from '../rate-limits';
import { createApiKeysRepository } from './api-keys.repository';

/** A key's last use is written at most this often, not on every request. */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeysDeps {
  audit: AuditService;
  rateLimits: RateLimitsService;
  users: { findById(id: number): Promise<UserRow | undefined> };
  accounts: { accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> };
}

export interface ApiKeysOptions {
  clock: Clock;
  limits: { perAccount: number; requestsPerMinute: number };
  readCache?: ReadCache;
}

function presentKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: `${API_KEY_PREFIX}${row.prefix}`,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A key is the account owner's power: co-owners and staff manage the account but issue no keys. */
function requireOwner(access: AccountAccess): void {
  if (access.relation !== 'owner') throw forbidden(API_KEY_MESSAGES.ownersOnly);
}

/** An account owner's API keys: created (shown once), listed, revoked, and checked on each request. */
export function createApiKeysService(db: AppDb, deps: ApiKeysDeps, options: ApiKeysOptions) {
  const repository = createApiKeysRepository(db);
  const { clock, limits, readCache = noReadCache } = options;
  const requestLimit = { bucket: 'api-key-requests', max: limits.requestsPerMinute, windowMs: 60_000 };

  function audited(action: 'api_key_created' | 'api_key_revoked', by: AuditActor, row: ApiKeyRow) {
    const details = { api_key: row.id, name: row.name, scope: row.scope, prefix: presentKey(row).prefix };
    return deps.audit.record({ ...by, action, clientId: row.clientId, details });
  }

  /** The owner the key acts as, while they still own its account. */
  async function ownerOf(row: ApiKeyRow): Promise<UserRow | null> {
    const user = await deps.users.findById(row.userId);
    if (!user?.isActive) return null;
    const access = await deps.accounts.accessFor(user, row.clientId).catch(() => null);
    return access?.relation === 'owner' ? user : null;
  }

  async function touchIfStale(row: ApiKeyRow): Promise<void> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - LAST_USED_EVERY_MS);
    if (row.lastUsedAt && row.lastUsedAt >= staleBefore) return;
    await repository.touch(row.id, now, staleBefore);
  }

  return {
    async create(access: AccountAccess, by: AuditActor, input: CreateApiKey): Promise<CreatedApiKey> {
      requireOwner(access);
      const secret = randomToken(32);
      const key = `${API_KEY_PREFIX}${secret}`;
      const row = await repository.insertWithin(
        {
          clientId: access.client.id,
          userId: access.user.id,
          name: input.name,
          scope: input.scope,
          keyHash: hashToken(key),
          prefix: secret.slice(0, API_KEY_SHOWN_CHARACTERS),
          createdAt: clock.now(),
        },
        limits.perAccount,
      );
      if (!row) throw conflict(API_KEY_MESSAGES.limit(limits.perAccount));
      await audited('api_key_created', by, row);
      return { id: row.id, name: row.name, scope: row.scope, key, created_at: row.createdAt.toISOString() };
    },

    async list(access: AccountAccess): Promise<ApiKey[]> {
      requireOwner(access);
      return (await repository.listOf(access.client.id)).map(presentKey);
    },

    /** An id that is not one of the account's keys is 404 for anyone, as every other account's id (D10). */
    async revoke(access: AccountAccess, by: AuditActor, id: number): Promise<void> {
      if (!(await repository.find(access.client.id, id))) throw notFound(API_KEY_MESSAGES.notFound);
      requireOwner(access);
      const row = await repository.delete(access.client.id, id);
      if (row) await audited('api_key_revoked', by, row);
    },

    /**
     * The caller a presented key stands for: its owner, limited to its account and scope; null for
     * an unknown or revoked key, or one whose maker no longer owns the account. Past the key's
     * requests a minute, 429. The key is looked up by its SHA-256 hash, an equality on a unique
     * index: nothing about the key is compared character by character.
     */
    async authenticate(key: string): Promise<AuthContext | null> {
      const keyHash = hashToken(key);
      const row = await readCache.read(`api-key:${keyHash}`, () => repository.findByHash(keyHash));
      if (!row) return null;
      const user = await ownerOf(row);
      if (!user) return null;
      await deps.rateLimits.admit(
        requestLimit,
        `api-key:${row.id}`,
        API_KEY_MESSAGES.tooManyRequests(limits.requestsPerMinute),
      );
      await touchIfStale(row);
      return {
        user,
        sessionId: `api-key:${row.id}`,
        actorUserId: null,
        apiKey: { id: row.id, clientId: row.clientId, scope: row.scope },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
