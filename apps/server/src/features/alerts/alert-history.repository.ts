import type { Alert } from '@pluvio/shared/alerts';
import { type Paging, pageWindow } from '@pluvio/shared/lists';
import { toE164 } from '@pluvio/shared/phone';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';

interface HistoryRow {
  id: number;
  kind: Alert['kind'];
  location_id: number;
  location_name: string;
  fired_at: string | Date;
  value: number;
  threshold: number;
  recurrence_years: number;
  notified: boolean;
  deliveries: { channel: 'email' | 'sms'; recipient: string; status: string; sent_at: string | null }[];
}

/** A plain contact reading the history: its contact record and the addresses it is reached at. */
export interface ContactReader {
  contactId: number;
  addresses: string[];
}

/**
 * Alert history as `GET /api/alerts` shows it, deliveries with their outbox status. Joins
 * contacts, assignments, locations and the outbox in one query for speed: the history is this
 * feature's question.
 */
export function createAlertHistoryRepository(db: AppDb) {
  return {
    /**
     * One page of an account's alerts, newest first. A plain contact (`reader`) sees the alerts of
     * its assigned locations and, of their deliveries, only those addressed to itself.
     */
    async page(clientId: number, reader: ContactReader | null, paging: Paging): Promise<Alert[]> {
      const { limit, offset } = pageWindow(paging);
      const assigned =
        reader === null
          ? sql``
          : sql`and a.location_id in (select location_id from contact_locations where contact_id = ${reader.contactId})`;
      const ownDeliveries =
        reader === null ? sql`` : sql`and o.recipient = any(${pgArray(reader.addresses)}::text[])`;
      const rows = await queryRows<HistoryRow>(
        db,
        sql`
        select a.id, a.kind, a.location_id, l.name as location_name, a.fired_at, a.value, a.threshold,
               a.recurrence_years, a.notified,
               coalesce((select json_agg(json_build_object('channel', o.channel, 'recipient', o.recipient,
                                                           'status', o.status, 'sent_at', o.sent_at) order by o.id)
                           from alert_deliveries d join outbox o on o.id = d.outbox_id
                          where d.alert_id = a.id ${ownDeliveries}), '[]'::json) as deliveries
          from alerts a join locations l on l.id = a.location_id
         where a.client_id = ${clientId} ${assigned}
         order by a.fired_at desc, a.id desc
         limit ${limit} offset ${offset}`,
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        location_id: row.location_id,
        location_name: row.location_name,
        fired_at: new Date(row.fired_at).toISOString(),
        value: row.value,
        threshold: row.threshold,
        recurrence_interval: row.kind.startsWith('atlas14') ? row.recurrence_years : null,
        notified: row.notified,
        deliveries: row.deliveries.map((delivery) => ({
          ...delivery,
          sent_at: delivery.sent_at ? new Date(delivery.sent_at).toISOString() : null,
        })),
      }));
    },

    /** Where messages to a contact go: its e-mail address, and its phone as the outbox stores texts (E.164). */
    async contactAddresses(contactId: number): Promise<string[]> {
      const [contact] = await queryRows<{ email: string | null; phone: string | null }>(
        db,
        sql`select email, phone from contacts where id = ${contactId}`,
      );
      return [contact?.email, toE164(contact?.phone)].filter((address) => !!address) as string[];
    },
  };
}
