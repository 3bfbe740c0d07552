import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { bucketFolder } from '../../test/mrms-archive';
import { CONUS_PASS2_FILE, mrmsFixture, withMrmsFixtures } from '../../test/mrms-fixtures';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/**
 * Issue 17: real rainfall. The real CONUS hour ending 2022-06-02 12:00 UTC (Pass 2), in a local
 * folder in the NOAA bucket's layout, ingested with PRECIPITATION_SOURCE=mrms and read back
 * through the API.
 */
withMrmsFixtures.describe('ingestion from NOAA MRMS', () => {
  let t: TestApp;
  let folder: ReturnType<typeof bucketFolder>;
  const clock = manualClock(new Date('2022-06-02T14:30:00Z'));

  beforeAll(async () => {
    folder = bucketFolder([{ name: CONUS_PASS2_FILE, from: mrmsFixture(CONUS_PASS2_FILE) }]);
    t = await createTestApp({
      clock,
      env: { PRECIPITATION_SOURCE: 'mrms', MRMS_BASE_URL: folder.root, BACKFILL_DAYS: '1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    folder?.remove();
  });

  it("stores the hour's real values at each location and answers them in hourly_data", async () => {
    const { user, client } = await buildOwnedClient(t.services);
    const [wettest, nearby, dry] = await t.services.locations.createMany(
      [
        // The wettest cell of the hour (70.4 mm), a neighbour (60.7 mm) and a dry place.
        ['El Dorado storm', 33.155, -92.285],
        ['Next cell', 33.15, -92.28],
        ['Denver', 39.74, -104.99],
      ].map(([name, latitude, longitude]) => ({
        clientId: client.id,
        name: name as string,
        latitude: latitude as number,
        longitude: longitude as number,
      })),
    );

    const report = await t.services.ingestion.ingestRange(
      new Date('2022-06-02T11:00:00Z'),
      new Date('2022-06-02T12:00:00Z'),
    );
    // The hour from Pass 2; the quarter hours have no RadarOnly_QPE_15M file in the folder.
    expect(report).toMatchObject({ done: 1, failed: 0, unpublished: 4, rows: 2 });
    expect(await t.services.ingestion.processStatus()).toEqual({
      status: 'done',
      datetime: '2022-06-02T12:00:00.000Z',
    });

    const { token } = await login(t.app, user.email);
    const hourAt = async (id: number) => {
      const response = await t.app.inject({
        url: `/api/locations/${id}/hourly_data?date=2022-06-02&days=1`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      // 12:00 UTC is 08:00 in New York (EDT).
      return response.json().hourly_data['2022-06-02T08:00:00-04:00'];
    };
    expect(await hourAt(wettest?.id as number)).toEqual({
      total: expect.closeTo(2.77, 2),
      '24h_total': expect.closeTo(2.77, 2),
    });
    expect((await hourAt(nearby?.id as number)).total).toBeCloseTo(60.7 / 25.4, 4);
    expect((await hourAt(dry?.id as number)).total).toBe(0);
  });
});
