import { levelAllows } from '@pluvio/shared/gates';
import { type Paging, pageWindow } from '@pluvio/shared/lists';
import { ROUTES } from '@pluvio/shared/navigation';
import {
  type CreatedWebhook,
  type CreateWebhook,
  type UpdateWebhook,
  WEBHOOK_DEFAULTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING_EVENT,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookDelivery,
  type WebhookTest,
} from '@pluvio/shared/webhooks';
import type { AccountAccess, AuditActor } from '../../core/access';
import { eventBody, newEventId } from '../../core/account-events';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { layoutEmail } from '../../core/lib/email-layout';
import { conflict, forbidden, invalidField, notFound } from '../../core/lib/errors';
import { DEFAULT_LEASE, type Lease, leaseEnd, whileRenewing } from '../../core/lib/lease';
import { randomToken } from '../../core/lib/tokens';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../core/tables/webhooks';
import type { AuditService } from '../audit';
import { createRecipientsRepository, type OutboxService, retryDelaySeconds } from '../notifications';
import { assertPublicHost, PrivateAddressError, urlSchemeProblem } from './webhook-address';
import { type Attempt, isSuccess, postSigned, signatureHeader } from './webhook-sender';
import { type ClaimedDelivery, createWebhooksRepository } from './webhooks.repository';

export interface WebhooksOptions {
  clock: Clock;
  /** Production sends https only, and only to public addresses (checked again at each send). */
  production: boolean;
  publicUrl: string;
  limits: { perAccount: number; timeoutMs: number; retryHours: number };
  audit: AuditService;
  /** The outbox writing in `db`, so the owner's notice commits with the endpoint's disabling. */
  outboxIn: (db: AppDb) => Pick<OutboxService, 'enqueueEmail'>;
  /** Wakes the delivery worker after a test event is queued. */
  onQueued?: () => Promise<void>;
  lease?: Lease;
}

function presentEndpoint(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const waiting = row.status === 'pending' || row.status === 'retrying';
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_code: row.responseCode,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    next_attempt_at: waiting ? row.nextAttemptAt.toISOString() : null,
  };
}

/** Webhooks are the owner's, on Silver and up; co-owners and staff manage the account but not its endpoints. */
function requireOwner(access: AccountAccess): void {
  if (access.relation !== 'owner') throw forbidden(WEBHOOK_MESSAGES.ownersOnly);
  if (!levelAllows(access.tier, 'webhooks')) throw forbidden(WEBHOOK_MESSAGES.plan);
}

function failureOf(attempt: Attempt): string {
  return attempt.code === null ? attempt.error : `HTTP ${attempt.code}`;
}

/** An account owner's webhook endpoints, and the worker that delivers their events. */
export function createWebhooksService(db: AppDb, options: WebhooksOptions) {
  const repository = createWebhooksRepository(db);
  const { clock, limits, lease = DEFAULT_LEASE } = options;
  const retryWindowMs = limits.retryHours * 3_600_000;

  /** The URL as given, or a 422 on `url` saying why no webhook may go there (nothing is saved). */
  async function checkedUrl(value: string): Promise<string> {
    const url = new URL(value);
    const problem = urlSchemeProblem(url, options.production);
    if (problem) throw invalidField(['body', 'url'], problem);
    if (options.production) {
      await assertPublicHost(url).catch((error: unknown) => {
        const message = error instanceof PrivateAddressError ? error.message : WEBHOOK_MESSAGES.hostNotFound;
        throw invalidField(['body', 'url'], message);
      });
    }
    return value;
  }

  /** The account's endpoint `id`, for its owner; 404 for an id of any other account (D10). */
  async function ownEndpoint(access: AccountAccess, id: number): Promise<WebhookEndpointRow> {
    const row = await repository.find(access.client.id, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    requireOwner(access);
    return row;
  }

  function audited(action: 'webhook_created' | 'webhook_deleted', by: AuditActor, row: WebhookEndpointRow) {
    const details = { webhook: row.id, url: row.url, events: row.events };
    return options.audit.record({ ...by, action, clientId: row.clientId, details });
  }

  /**
   * After a day of failures, together: the delivery failed, the endpoint disabled with its other
   * waiting deliveries, and the owner told (unless another worker took the claim meanwhile).
   */
  async function giveUp(
    { delivery, endpoint }: ClaimedDelivery,
    code: number | null,
    reason: string,
  ): Promise<void> {
    const disabledReason = `Deliveries failed for ${limits.retryHours} hours (last: ${reason}); the endpoint was disabled.`;
    await db.transaction(async (tx) => {
      const txRepository = createWebhooksRepository(tx);
      if (!(await txRepository.markFailed(delivery, code, reason))) return;
      await txRepository.disable(endpoint.id, disabledReason);
      const owner = (await createRecipientsRepository(tx).ownerEmails([endpoint.clientId])).get(
        endpoint.clientId,
      );
      if (!owner) return;
      const content = layoutEmail(
        [
          `Pluvio could not deliver events to your webhook endpoint ${endpoint.url} for ${limits.retryHours} hours, so it was disabled.`,
          `The last attempt: ${reason}.`,
          'Fix the endpoint, then enable it again under Webhooks on My Subscription; events of the meantime are not sent.',
        ],
        { label: 'Open My Subscription', url: `${options.publicUrl}${ROUTES.clientForm}` },
      );
      const email = { to: owner, subject: 'Webhook endpoint disabled', kind: 'webhook_disabled', ...content };
      await options.outboxIn(tx).enqueueEmail(email);
    });
  }

  async function settle(claimed: ClaimedDelivery, attempt: Attempt): Promise<void> {
    const { delivery } = claimed;
    const now = clock.now();
    if (isSuccess(attempt)) return repository.markDelivered(delivery, attempt.code as number, now);
    const reason = failureOf(attempt);
    const next = new Date(now.getTime() + retryDelaySeconds(delivery.attempts) * 1000);
    if (next.getTime() - delivery.createdAt.getTime() <= retryWindowMs) {
      return repository.scheduleRetry(delivery, attempt.code, reason, next);
    }
    await giveUp(claimed, attempt.code, reason);
  }

  /** Sends one claimed delivery, signed now, renewing the claim while the endpoint takes its time. */
  async function deliver(claimed: ClaimedDelivery): Promise<void> {
    const { delivery, endpoint } = claimed;
    const signature = signatureHeader(endpoint.secret, delivery.body, clock.now());
    const renew = () => repository.renewClaim(delivery, leaseEnd(lease, clock.now()));
    const attempt = await whileRenewing(lease, renew, () =>
      postSigned(endpoint.url, delivery.body, signature, {
        production: options.production,
        timeoutMs: limits.timeoutMs,
      }),
    );
    await settle(claimed, attempt);
  }

  return {
    async create(access: AccountAccess, by: AuditActor, input: CreateWebhook): Promise<CreatedWebhook> {
      requireOwner(access);
      const url = await checkedUrl(input.url);
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
      const row = await repository.insertWithin(
        { clientId: access.client.id, url, events: input.events, secret, createdAt: clock.now() },
        limits.perAccount,
      );
      if (!row) throw conflict(WEBHOOK_MESSAGES.limit(limits.perAccount));
      await audited('webhook_created', by, row);
      return { id: row.id, secret };
    },

    async list(access: AccountAccess): Promise<Webhook[]> {
      requireOwner(access);
      return (await repository.listOf(access.client.id)).map(presentEndpoint);
    },

    /** Changes the URL, the events, or the switch; enabling clears why the retries disabled it. */
    async update(access: AccountAccess, id: number, input: UpdateWebhook): Promise<Webhook> {
      await ownEndpoint(access, id);
      const row = await repository.update(access.client.id, id, {
        ...(input.url !== undefined && { url: await checkedUrl(input.url) }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
      });
      if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
      return presentEndpoint(row);
    },

    async remove(access: AccountAccess, by: AuditActor, id: number): Promise<void> {
      await ownEndpoint(access, id);
      const row = await repository.delete(access.client.id, id);
      if (row) await audited('webhook_deleted', by, row);
    },

    /** Queues a signed `ping` to the endpoint, whatever events it chose. */
    async test(access: AccountAccess, id: number): Promise<WebhookTest> {
      const endpoint = await ownEndpoint(access, id);
      if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
      const now = clock.now();
      const eventId = newEventId();
      const data = { message: 'A test event sent from the account settings', webhook_id: endpoint.id };
      const delivery = await repository.insertDelivery({
        endpointId: endpoint.id,
        eventId,
        eventType: WEBHOOK_PING_EVENT,
        body: eventBody(eventId, WEBHOOK_PING_EVENT, endpoint.clientId, now, data),
        nextAttemptAt: now,
        createdAt: now,
      });
      await options.onQueued?.();
      return { delivery_id: delivery.id, event_id: eventId };
    },

    /** A page of the endpoint's deliveries, newest first. */
    async deliveries(access: AccountAccess, id: number, paging: Paging): Promise<WebhookDelivery[]> {
      await ownEndpoint(access, id);
      const { limit, offset } = pageWindow(paging);
      return (await repository.deliveriesOf(id, limit, offset)).map(presentDelivery);
    },

    /** Forgets delivered and failed deliveries older than the log keeps (WEBHOOK_DEFAULTS.logDays). */
    forgetOldDeliveries: (): Promise<number> =>
      repository.removeSettledBefore(new Date(clock.now().getTime() - WEBHOOK_DEFAULTS.logDays * 86_400_000)),

    /** Sends every due delivery, one claimed at a time; answers how many were attempted. */
    async deliverDue(): Promise<number> {
      let attempted = 0;
      for (;;) {
        const now = clock.now();
        const claimed = await repository.claimNext(now, leaseEnd(lease, now));
        if (!claimed) return attempted;
        await deliver(claimed);
        attempted += 1;
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
