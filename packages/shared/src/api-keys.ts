import { z } from 'zod';
import { requiredTextSchema } from './inputs';
import { accountLimitReached } from './quotas';
import { plural } from './words';

/**
 * API keys (issue 29 point 2): an account owner's keys for scripts and integrations. A key is
 * shown once when created; afterwards only its prefix (`pk_` and its next six characters).
 */

/** Every key starts so; the guards tell a key from a session token by it. */
export const API_KEY_PREFIX = 'pk_';
/** Characters of a key's secret part kept (and shown) to tell keys apart. */
export const API_KEY_SHOWN_CHARACTERS = 6;

export const API_KEY_DEFAULTS = { perAccount: 20, requestsPerMinute: 120 } as const;

/** `read` calls only GET routes; `read_write` calls every route the owner could. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

export const API_KEY_MESSAGES = {
  nameRequired: 'Please enter a name for the key.',
  scope: `Scope must be one of: ${API_KEY_SCOPES.join(', ')}`,
  ownersOnly: "Only the account's owner can manage its API keys",
  limit: (max: number) =>
    accountLimitReached(max, 'API key', 'Revoke a key before creating another.', 'created'),
  notFound: 'API key not found',
  invalid: 'This API key is not valid (it was revoked, or mistyped)',
  readOnly: 'This API key is read-only: it can only make GET requests',
  notForKeys: 'This route cannot be called with an API key; sign in instead',
  otherAccount: 'This API key belongs to another account',
  tooManyRequests: (max: number) =>
    `This API key made more than ${plural(max, 'request')} in the last minute. Please slow down and try again shortly.`,
} as const;

export const createApiKeySchema = z.object({
  name: requiredTextSchema(API_KEY_MESSAGES.nameRequired, 100),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scope }),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** A key as listed: never the key itself, only its prefix. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** `pk_` and the key's next six characters, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  /** Updated at most once a minute; null when never used. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a creation: the only time the key is shown. */
export const createdApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  key: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
