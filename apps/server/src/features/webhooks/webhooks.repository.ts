import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { accountRecords } from '../../core/db/account-records';
import type { AppDb } from '../../core/db/client';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../../core/tables/webhooks';

export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
export type EndpointChanges = Partial<
  Pick<WebhookEndpointRow, 'url' | 'events' | 'enabled' | 'disabledReason'>
>;

/** A delivery as one worker claimed it, with what sending it needs. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
}

/** Deliveries still to send (a claimed one keeps its status; its lease marks the claim). */
const UNSENT = ['pending', 'retrying'] as const;

/** Only the worker holding the current claim may settle a delivery. */
function heldBy(claim: Pick<WebhookDeliveryRow, 'id' | 'attempts'>) {
  return and(
    eq(webhookDeliveries.id, claim.id),
    eq(webhookDeliveries.attempts, claim.attempts),
    isNotNull(webhookDeliveries.lockedUntil),
    inArray(webhookDeliveries.status, UNSENT),
  );
}

export function createWebhooksRepository(db: AppDb) {
  const { listOf, insertWithin, find, delete: remove, ofAccount } = accountRecords(db, webhookEndpoints);
  return {
    listOf,
    insertWithin,
    find,
    delete: remove,
    async update(
      clientId: number,
      id: number,
      changes: EndpointChanges,
    ): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db.update(webhookEndpoints).set(changes).where(ofAccount(clientId, id)).returning();
      return row;
    },
    async insertDelivery(values: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
      const [row] = await db.insert(webhookDeliveries).values(values).returning();
      if (!row) throw new Error('webhook delivery insert returned nothing');
      return row;
    },
    /** The endpoint's latest deliveries, newest first. */
    deliveriesOf(endpointId: number, limit: number, offset: number): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset);
    },
    /**
     * Claims the next due delivery of an enabled endpoint until `leaseUntil`: one not yet sent
     * whose next attempt is due, and not claimed by a live worker. SKIP LOCKED lets workers claim
     * side by side; `attempts` counts the claim.
     */
    async claimNext(now: Date, leaseUntil: Date): Promise<ClaimedDelivery | null> {
      const at = now.toISOString();
      const [delivery] = await db
        .update(webhookDeliveries)
        .set({ lockedUntil: leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(
          sql`${webhookDeliveries.id} = (
            select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
             where d.status in ('pending', 'retrying') and e.enabled and d.next_attempt_at <= ${at}
               and (d.locked_until is null or d.locked_until < ${at})
             order by d.next_attempt_at, d.id
             limit 1
             for update of d skip locked)`,
        )
        .returning();
      if (!delivery) return null;
      const [endpoint] = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, delivery.endpointId));
      return endpoint ? { delivery, endpoint } : null;
    },
    async renewClaim(claim: WebhookDeliveryRow, leaseUntil: Date): Promise<void> {
      await db.update(webhookDeliveries).set({ lockedUntil: leaseUntil }).where(heldBy(claim));
    },
    async markDelivered(claim: WebhookDeliveryRow, code: number, now: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          responseCode: code,
          lastError: null,
          deliveredAt: now,
          lockedUntil: null,
        })
        .where(heldBy(claim));
    },
    async scheduleRetry(
      claim: WebhookDeliveryRow,
      code: number | null,
      error: string,
      next: Date,
    ): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'retrying',
          responseCode: code,
          lastError: error,
          nextAttemptAt: next,
          lockedUntil: null,
        })
        .where(heldBy(claim));
    },
    /** Fails the claimed delivery for good; answers whether this worker still held it. */
    async markFailed(claim: WebhookDeliveryRow, code: number | null, error: string): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'failed', responseCode: code, lastError: error, lockedUntil: null })
        .where(heldBy(claim))
        .returning({ id: webhookDeliveries.id });
      return rows.length > 0;
    },
    /** Deletes the settled deliveries made before `cutoff`; answers how many. */
    async removeSettledBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(webhookDeliveries)
        .where(
          and(
            lt(webhookDeliveries.createdAt, cutoff),
            inArray(webhookDeliveries.status, ['delivered', 'failed'] as const),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },
    /** Disables the endpoint with its reason and fails what it still had to send. */
    async disable(endpointId: number, reason: string): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(eq(webhookEndpoints.id, endpointId));
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: reason, lockedUntil: null })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, UNSENT)));
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
