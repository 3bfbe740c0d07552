import { WEBHOOK_DEFAULTS } from '@pluvio/shared/webhooks';
import type { Config } from '../config';
import type { AppDb } from '../core/db/client';
import type { ReadCache } from '../core/db/read-cache';
import type { Clock } from '../core/lib/clock';
import { type ApiKeysDeps, createApiKeysService } from '../features/api-keys';
import { createWebhooksService, type WebhooksOptions } from '../features/webhooks';

export interface IntegrationServicesDeps extends ApiKeysDeps, Pick<WebhooksOptions, 'outboxIn'> {
  config: Config;
  clock: Clock;
  readCache: ReadCache;
}

/** What other programs use to talk with an account: its owner's API keys and webhook endpoints (issue 29). */
export function buildIntegrationServices(
  db: AppDb,
  deps: IntegrationServicesDeps,
  /** Wakes the webhook worker after a test event is queued. */
  onWebhookQueued?: () => Promise<void>,
) {
  const { config, clock, audit } = deps;
  const apiKeys = createApiKeysService(db, deps, {
    clock,
    limits: {
      perAccount: config.API_KEYS_PER_ACCOUNT,
      requestsPerMinute: config.API_KEY_REQUESTS_PER_MINUTE,
    },
    readCache: deps.readCache,
  });
  const webhooks = createWebhooksService(db, {
    clock,
    production: config.NODE_ENV === 'production',
    publicUrl: config.PUBLIC_URL,
    limits: {
      perAccount: config.WEBHOOKS_PER_ACCOUNT,
      timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
      retryHours: WEBHOOK_DEFAULTS.retryHours,
    },
    audit,
    outboxIn: deps.outboxIn,
    onQueued: onWebhookQueued,
  });
  return { apiKeys, webhooks };
}
