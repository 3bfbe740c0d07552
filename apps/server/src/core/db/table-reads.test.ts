import { describe, expect, it } from 'vitest';
import { noteReads, readTables, recordReads } from './table-reads';

const TABLES = new Set(['locations', 'assignments', 'clients', 'rainfall_hourly', 'users']);
const read = (text: string) => readTables(text, TABLES);

describe('the tables SQL text reads', () => {
  it('names the tables after from and join, quoted or not, with or without public.', () => {
    expect(
      read(
        'select "locations"."id" from "locations" inner join "assignments" on "assignments"."location_id" = "locations"."id" where "locations"."client_id" = $1',
      ),
    ).toEqual(['locations', 'assignments']);
    expect(
      read('SELECT count(*) FROM public.users u LEFT JOIN "public"."clients" c ON c.owner_id = u.id'),
    ).toEqual(['users', 'clients']);
  });

  it('reads subqueries, lateral joins and with clauses, and skips functions and the statement’s own names', () => {
    expect(
      read(
        'with recent as (select location_id from rainfall_hourly where ends_at > $1), wet as materialized (select * from recent) select * from wet join locations l on l.id = wet.location_id',
      ),
    ).toEqual(['rainfall_hourly', 'locations']);
    expect(
      read(
        'select * from "users" left join lateral (select json_agg(c) from "clients" c where c.owner_id = users.id) "c" on true',
      ),
    ).toEqual(['users', 'clients']);
    expect(
      read('select * from unnest($1::int[]) as ids(id) join locations on locations.id = ids.id'),
    ).toEqual(['locations']);
    expect(read('select 1')).toEqual([]);
  });

  it('is not misled by from inside extract, trim, IS DISTINCT FROM or a string', () => {
    expect(
      read(
        "select extract(hour from ends_at at time zone 'America/New_York') from rainfall_hourly where name is distinct from 'from nowhere' and trim(both ' ' from name) <> ''",
      ),
    ).toEqual(['rainfall_hourly']);
  });

  it('answers every table when a source is not a known table or sources are listed with commas', () => {
    expect(read('select * from rainfall_hourly_2026_07')).toBe('*');
    expect(read('select * from location_view')).toBe('*');
    expect(read('select * from locations l, assignments a where a.location_id = l.id')).toBe('*');
  });
});

describe('recording what a load reads', () => {
  it('gathers the tables noted inside a load, and passes them to the load around it', async () => {
    const outer = await recordReads(async () => {
      noteReads(['locations']);
      const inner = await recordReads(async () => {
        noteReads(['assignments']);
        return 'inner';
      });
      expect([...(inner.reads as Set<string>)]).toEqual(['assignments']);
      return inner.value;
    });
    expect(outer.value).toBe('inner');
    expect([...(outer.reads as Set<string>)].sort()).toEqual(['assignments', 'locations']);
  });

  it('keeps loads that run at the same time apart, and makes every table of an unknown one', async () => {
    const [first, second] = await Promise.all([
      recordReads(async () => {
        await new Promise(setImmediate);
        noteReads(['users']);
      }),
      recordReads(async () => {
        noteReads('*');
        noteReads(['clients']);
      }),
    ]);
    expect([...(first.reads as Set<string>)]).toEqual(['users']);
    expect(second.reads).toBe('*');
  });

  it('notes nothing outside a load', () => {
    expect(() => noteReads(['users'])).not.toThrow();
  });
});
