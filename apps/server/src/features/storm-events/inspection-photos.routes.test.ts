import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditAction } from '@pluvio/shared/audit.schemas';
import { INSPECTION_MESSAGES, PHOTO_LIMITS, PHOTO_MESSAGES } from '@pluvio/shared/inspections';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { heicHeaderOnly, jpegPhoto, photoForm, pngPhoto } from '../../test/photos';
import { insertStormEvent } from '../../test/storm-events';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-10T17:00:00Z');
const QUOTA_MB = 1;

describe('photos of inspections (issue 28 points 4 and 7)', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pluvio-photos-test-'));
  let clientId: number;
  let yard: number;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp({
      clock: manualClock(NOW),
      env: { DATA_DIR: dataDir, PHOTO_QUOTA_MB_PER_ACCOUNT: String(QUOTA_MB) },
    });
    ({ clientId, yard, ownerToken } = await account());
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function account() {
    const { client, user } = await buildOwnedClient(t.services);
    const [location] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Yard', latitude: 30.25, longitude: -95.5 },
    ]);
    return {
      clientId: client.id,
      yard: location?.id as number,
      ownerToken: (await login(t.app, user.email)).token,
    };
  }

  const storm = (locationId = yard) =>
    insertStormEvent(t.database.db, { locationId, endedAt: new Date('2026-11-10T13:00:00Z') });

  const call = (options: InjectOptions & { url: string }, token = ownerToken) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
  const inspection = { inspected_at: '2026-11-10T16:30:00Z', findings: 'Silt fence sagging.' };
  const recordWith = (eventId: number, form: FormData, token = ownerToken) =>
    call({ method: 'POST', url: `/api/storm-events/${eventId}/inspections`, payload: form }, token);
  const addPhotos = (inspectionId: number, form: FormData, token = ownerToken) =>
    call({ method: 'POST', url: `/api/inspections/${inspectionId}/photos`, payload: form }, token);
  const photoUrl = (inspectionId: number, photoId: number) =>
    `/api/inspections/${inspectionId}/photos/${photoId}`;
  const storedFiles = (client = clientId) => {
    const folder = path.join(dataDir, 'photos', String(client));
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };
  const inspectionsOf = async (eventId: number) =>
    (await call({ url: `/api/storm-events/${eventId}` })).json().inspections;
  const auditOf = async (action: AuditAction) =>
    (await t.services.audit.page({ action, client_id: clientId, page: 1, page_size: 50 })).items;

  it('records an inspection with a phone photo and a PNG: EXIF time and position, originals served as sent, thumbnails', async () => {
    const event = await storm();
    const jpeg = await jpegPhoto();
    const png = await pngPhoto();
    const response = await recordWith(
      event,
      photoForm(
        [
          { name: 'IMG_0042.JPG', bytes: jpeg, type: 'image/jpeg' },
          { name: 'C:\\fakepath\\outfall.png', bytes: png },
        ],
        inspection,
      ),
    );
    expect(response.statusCode).toBe(201);
    const recorded = response.json();
    expect(recorded.findings).toBe('Silt fence sagging.');
    const [photo, plan] = recorded.photos;
    expect(photo).toMatchObject({
      file_name: 'IMG_0042.JPG',
      content_type: 'image/jpeg',
      bytes: jpeg.length,
      // 11:15 on the camera's clock, in New York.
      taken_at: '2026-11-10T16:15:00.000Z',
      latitude: 30.25,
      longitude: -95.5,
      thumbnail_ready: true,
      uploaded_by: { name: 'Test User' },
      uploaded_at: NOW.toISOString(),
    });
    expect(plan).toMatchObject({
      file_name: 'outfall.png',
      content_type: 'image/png',
      taken_at: null,
      latitude: null,
      thumbnail_ready: true,
    });

    const original = await call({ url: photoUrl(recorded.id, photo.id) });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(jpeg)).toBe(true);
    expect((await call({ url: photoUrl(recorded.id, plan.id) })).headers['content-type']).toBe('image/png');
    const thumbnail = await call({ url: `${photoUrl(recorded.id, photo.id)}?size=thumbnail` });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });

    expect((await inspectionsOf(event))[0].photos).toEqual(recorded.photos);
    const [entry] = await auditOf('inspection_recorded');
    expect(entry?.details).toMatchObject({
      inspection: recorded.id,
      photos: [
        { id: photo.id, file_name: 'IMG_0042.JPG' },
        { id: plan.id, file_name: 'outfall.png' },
      ],
    });
  });

  it('adds photos to an inspection and removes one, each change audited', async () => {
    const event = await storm();
    const recorded = (
      await call({ method: 'POST', url: `/api/storm-events/${event}/inspections`, payload: inspection })
    ).json();
    expect(recorded.photos).toEqual([]);
    const added = await addPhotos(recorded.id, photoForm([{ name: 'north.jpg', bytes: await jpegPhoto() }]));
    expect(added.statusCode).toBe(201);
    const [photo] = added.json().photos;
    expect(photo.file_name).toBe('north.jpg');
    expect(storedFiles()).toEqual(expect.arrayContaining([`${photo.id}.jpg`, `${photo.id}.thumbnail.jpg`]));

    const removed = await call({ method: 'DELETE', url: photoUrl(recorded.id, photo.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos).toEqual([]);
    expect((await call({ url: photoUrl(recorded.id, photo.id) })).json()).toEqual({
      detail: PHOTO_MESSAGES.notFound,
    });
    expect(storedFiles()).not.toContain(`${photo.id}.jpg`);
    expect(storedFiles()).not.toContain(`${photo.id}.thumbnail.jpg`);

    const changes = (await auditOf('inspection_changed')).map((entry) => entry.details);
    expect(changes).toContainEqual(
      expect.objectContaining({
        changes: { photos: { old: [], new: [{ id: photo.id, file_name: 'north.jpg' }] } },
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        changes: { photos: { old: [{ id: photo.id, file_name: 'north.jpg' }], new: [] } },
      }),
    );
  });

  it('tells a HEIC by its content and keeps it when no preview can be made of it', async () => {
    const event = await storm();
    const response = await recordWith(
      event,
      photoForm([{ name: 'IMG_7.HEIC', bytes: heicHeaderOnly() }], inspection),
    );
    expect(response.statusCode).toBe(201);
    const [photo] = response.json().photos;
    expect(photo).toMatchObject({ content_type: 'image/heic', thumbnail_ready: false });
    const id = response.json().id;
    expect((await call({ url: photoUrl(id, photo.id) })).headers['content-type']).toBe('image/heic');
    expect((await call({ url: `${photoUrl(id, photo.id)}?size=thumbnail` })).statusCode).toBe(404);
  });

  it.each([
    [
      'a file that is not a photo, whatever its name',
      () => Buffer.from('%PDF-1.7 not a photo'),
      400,
      PHOTO_MESSAGES.kind('site.jpg'),
    ],
    [
      'a photo over 10 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(PHOTO_LIMITS.bytes)]),
      413,
      PHOTO_MESSAGES.tooLarge,
    ],
  ])('refuses %s and saves nothing', async (_case, bytes, status, detail) => {
    const event = await storm();
    const before = storedFiles();
    const response = await recordWith(
      event,
      photoForm(
        [
          { name: 'first.jpg', bytes: await jpegPhoto() },
          { name: 'site.jpg', bytes: bytes() },
        ],
        inspection,
      ),
    );
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail });
    expect(await inspectionsOf(event)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it(`holds at most ${PHOTO_LIMITS.perInspection} photos to an inspection`, async () => {
    const event = await storm();
    const jpeg = await jpegPhoto({ width: 64 });
    const photos = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `p${index}.jpg`, bytes: jpeg }));
    const tooMany = await recordWith(event, photoForm(photos(PHOTO_LIMITS.perInspection + 1), inspection));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ detail: PHOTO_MESSAGES.perInspection(0, 21) });
    expect(await inspectionsOf(event)).toEqual([]);
    const farTooMany = await recordWith(event, photoForm(photos(PHOTO_LIMITS.perInspection + 5), inspection));
    expect(farTooMany.statusCode).toBe(413);
    expect(farTooMany.json()).toEqual({ detail: PHOTO_MESSAGES.tooManyInRequest });
    expect(await inspectionsOf(event)).toEqual([]);

    const full = await recordWith(event, photoForm(photos(PHOTO_LIMITS.perInspection), inspection));
    expect(full.json().photos).toHaveLength(PHOTO_LIMITS.perInspection);
    const more = await addPhotos(full.json().id, photoForm(photos(1)));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ detail: PHOTO_MESSAGES.perInspection(20, 1) });
  });

  it("refuses photos past the account's quota, naming it, and saves nothing", async () => {
    const other = await account();
    const event = await storm(other.yard);
    const large = await pngPhoto(350, true);
    expect(large.length).toBeGreaterThan(QUOTA_MB * 1024 * 1024 * 0.3);
    const first = await recordWith(
      event,
      photoForm([{ name: 'a.png', bytes: large }], inspection),
      other.ownerToken,
    );
    expect(first.statusCode).toBe(201);
    const over = await addPhotos(
      first.json().id,
      photoForm([
        { name: 'b.png', bytes: large },
        { name: 'c.png', bytes: large },
      ]),
      other.ownerToken,
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ detail: PHOTO_MESSAGES.quota(QUOTA_MB) });
    expect(over.json().detail).toContain('1 MB');
    expect(storedFiles(other.clientId)).toHaveLength(2);

    // Each of two uploads at once fits alone, not both.
    const both = await Promise.all(
      ['d.png', 'e.png'].map((name) =>
        addPhotos(first.json().id, photoForm([{ name, bytes: large }]), other.ownerToken),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(storedFiles(other.clientId)).toHaveLength(4);
  });

  it('lets those who may read the inspection see its photos, and only those who may change it add or remove them', async () => {
    const event = await storm();
    const recorded = (
      await recordWith(event, photoForm([{ name: 'gate.jpg', bytes: await jpegPhoto() }], inspection))
    ).json();
    const [photo] = recorded.photos;

    const stranger = await account();
    expect((await call({ url: photoUrl(recorded.id, photo.id) }, stranger.ownerToken)).json()).toEqual({
      detail: INSPECTION_MESSAGES.notFound,
    });
    expect(
      (
        await addPhotos(
          recorded.id,
          photoForm([{ name: 'x.jpg', bytes: await jpegPhoto() }]),
          stranger.ownerToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: photoUrl(recorded.id, photo.id) }, stranger.ownerToken))
        .statusCode,
    ).toBe(404);

    const unassigned = await buildContactUser(t.services, clientId);
    const unassignedToken = (await login(t.app, unassigned.user.email)).token;
    expect((await call({ url: photoUrl(recorded.id, photo.id) }, unassignedToken)).statusCode).toBe(404);
    const assigned = await buildContactUser(t.services, clientId);
    await t.services.assignments.assignLocations(clientId, assigned.contact.id, [yard]);
    const assignedToken = (await login(t.app, assigned.user.email)).token;
    expect((await call({ url: photoUrl(recorded.id, photo.id) }, assignedToken)).statusCode).toBe(200);
    expect(
      (await addPhotos(recorded.id, photoForm([{ name: 'y.jpg', bytes: await jpegPhoto() }]), assignedToken))
        .statusCode,
    ).toBe(201);

    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;
    const scoped = `?client_id=${clientId}`;
    expect((await call({ url: `${photoUrl(recorded.id, photo.id)}${scoped}` }, adminToken)).statusCode).toBe(
      200,
    );
    const refused = await call(
      { method: 'DELETE', url: `${photoUrl(recorded.id, photo.id)}${scoped}` },
      adminToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INSPECTION_MESSAGES.editors });
    expect((await call({ url: photoUrl(recorded.id, photo.id) }, 'not-a-token')).statusCode).toBe(401);
  });

  it.each([
    ['no inspection field', () => photoForm([]), 400, PHOTO_MESSAGES.inspectionField],
    [
      'an inspection field that is not JSON',
      () => {
        const form = new FormData();
        form.append('inspection', '{not json');
        return form;
      },
      400,
      PHOTO_MESSAGES.inspectionField,
    ],
    [
      'an unknown field',
      () => {
        const form = photoForm([], inspection);
        form.append('photo', new Blob([Buffer.from('x')]), 'x.jpg');
        return form;
      },
      400,
      PHOTO_MESSAGES.unexpectedField('photo'),
    ],
  ])('refuses a multipart inspection with %s', async (_case, form, status, detail) => {
    const event = await storm();
    const response = await recordWith(event, form());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail });
  });

  it('checks a multipart inspection like a JSON one', async () => {
    const event = await storm();
    const response = await recordWith(event, photoForm([], { inspected_at: 'yesterday' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({
      loc: ['body', 'inspected_at'],
      msg: INSPECTION_MESSAGES.inspectedAt,
    });
    const none = await addPhotos(
      (await recordWith(event, photoForm([], inspection))).json().id,
      photoForm([]),
    );
    expect(none.json()).toEqual({ detail: PHOTO_MESSAGES.noPhotos });
  });
});
