import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { AlertKind } from '../../core/tables/alerts';
import type { AlertToSend } from './alert-messages';

interface PendingRow {
  id: number;
  client_id: number;
  location_id: number;
  location_name: string;
  kind: AlertKind;
  fired_at: string | Date;
  event_started_at: string | Date;
  recurrence_years: number;
  value: number;
  threshold: number;
  combine: boolean;
}

/** Who an alert goes to: accounts, users, contacts and their assignments joined in one query for speed. */
export function createAlertDispatchRepository(db: AppDb) {
  return {
    /** Alerts to tell people about that are not in the outbox yet, oldest first. */
    async pending(limit: number): Promise<AlertToSend[]> {
      const rows = await queryRows<PendingRow>(
        db,
        sql`
        select a.id, a.client_id, a.location_id, l.name as location_name, a.kind, a.fired_at, a.event_started_at,
               a.recurrence_years, a.value, a.threshold,
               ((a.kind = 'rapidrain' and c.rapidrain_combine_locations)
                 or (a.kind = 'forecast' and c.forecast_combine_locations)) as combine
          from alerts a join locations l on l.id = a.location_id join clients c on c.id = a.client_id
         where a.notified and a.dispatched_at is null
         order by a.id
         limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        clientId: row.client_id,
        locationId: row.location_id,
        locationName: row.location_name,
        kind: row.kind,
        firedAt: new Date(row.fired_at),
        eventStartedAt: new Date(row.event_started_at),
        recurrenceYears: row.recurrence_years,
        value: row.value,
        threshold: row.threshold,
        combine: row.combine,
      }));
    },

    async recordDeliveries(links: readonly { alertId: number; outboxId: number }[]): Promise<void> {
      if (links.length === 0) return;
      await db.execute(sql`
        insert into alert_deliveries (alert_id, outbox_id)
        select * from unnest(${pgArray(links.map((link) => link.alertId))}::int[],
                             ${pgArray(links.map((link) => link.outboxId))}::int[])
        on conflict do nothing`);
    },

    /** Marks alerts as handed to the outbox; answers those no other worker marked first. */
    async markDispatched(alertIds: readonly number[], now: Date): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update alerts set dispatched_at = ${now.toISOString()}
             where id = any(${pgArray(alertIds)}::int[]) and dispatched_at is null
             returning id`,
      );
      return rows.map((row) => row.id);
    },
  };
}
