import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const serverUrl = process.env.DATABASE_URL;

/**
 * Found by `npm run soak`: deleting a location answered 500 with `deadlock detected`. The delete
 * locks the location and then cascades over its rows; a concurrent writer (a worker storing the
 * location's rainfall) had locked one of those rows and then needed the location for a new row.
 * PostgreSQL rolls one of the two back; the delete is run again, so the user's delete still works.
 */
describe.skipIf(!serverUrl)('deleting a location while a writer holds its rows (PostgreSQL)', () => {
  let t: TestApp;
  let writer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    writer = new pg.Client({ connectionString: t.database.connectionString });
    await writer.connect();
  });

  afterAll(async () => {
    await writer.end();
    await t.close();
  });

  async function waitUntilBlocked(): Promise<void> {
    for (let tries = 0; tries < 100; tries++) {
      // The writer is inside a transaction, which would otherwise see one snapshot of the activity.
      await writer.query('select pg_stat_clear_snapshot()');
      const { rows } = await writer.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like 'delete from "locations"%'`,
      );
      if (rows[0]?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the delete never waited for the writer');
  }

  it('deletes it once the writer is done, instead of answering 500', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const [location] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Yard', latitude: 30, longitude: -97, h24Threshold: 1 },
    ]);
    const first = await buildContactUser(t.services, client.id);
    const second = await buildContactUser(t.services, client.id);
    const locationId = location?.id;
    await t.database.db.execute(
      sql`insert into contact_locations (contact_id, location_id) values (${first.contact.id}, ${locationId})`,
    );
    const { token } = await login(t.app, user.email);

    await writer.query('begin');
    await writer.query('update contact_locations set created_at = now() where location_id = $1', [
      locationId,
    ]);
    // inject() starts the request only when its answer is asked for.
    const deleting = Promise.resolve(
      t.app.inject({ method: 'DELETE', url: `/api/locations/${locationId}`, headers: bearer(token) }),
    );
    await waitUntilBlocked();
    // Needs the location the delete holds, while the delete waits for the row locked above.
    const writing = writer.query('insert into contact_locations (contact_id, location_id) values ($1, $2)', [
      second.contact.id,
      locationId,
    ]);
    await writing;
    await writer.query('commit');

    const deleted = await deleting;
    expect(deleted.statusCode, deleted.body).toBe(204);
    const listed = await t.app.inject({ url: '/api/locations', headers: bearer(token) });
    expect(listed.json()).toEqual([]);
  });
});
