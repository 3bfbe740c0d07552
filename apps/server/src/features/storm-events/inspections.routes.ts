import multipart from '@fastify/multipart';
import {
  inspectionCreateSchema,
  inspectionPatchSchema,
  inspectionSchema,
  PHOTO_FIELDS,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  photoParamsSchema,
  photoQuerySchema,
} from '@pluvio/shared/inspections';
import { clientIdQuerySchema } from '@pluvio/shared/lists';
import {
  inspectionListSchema,
  locationInspectionsQuerySchema,
  routineInspectionCreateSchema,
} from '@pluvio/shared/routine-inspections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf, auditActorOf } from '../../core/guards';
import { badRequest } from '../../core/lib/errors';
import type { Services } from '../../services';
import { discardPhotoForm, PHOTO_MULTIPART_OPTIONS, type PhotoForm, readPhotoForm } from './photo-uploads';

const PHOTOS_DESCRIPTION = `Photos are sent as multipart/form-data: one file part named \`${PHOTO_FIELDS.photos}\` per photo (JPEG, PNG or HEIC/HEIF, told by content; at most ${PHOTO_LIMITS.megabytes} MB each, ${PHOTO_LIMITS.perInspection} to an inspection, within the account's photo quota). A refused request saves nothing.`;

/**
 * POST /api/storm-events/{id}/inspections, routine ones at POST /api/inspections, a location's
 * at GET /api/inspections, GET and PATCH /api/inspections/{id}, and the inspection's photos
 * (issue 28 points 3, 4 and 7).
 */
export function inspectionsRoutes(services: Services): FastifyPluginAsyncZod {
  const { inspections, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, ['storm-events']);
  return async (app) => {
    await app.register(multipart, PHOTO_MULTIPART_OPTIONS);
    /** The multipart forms read for this plugin's requests; their temporary files go with the answer. */
    const forms = new WeakMap<FastifyRequest, PhotoForm>();
    const formOf = async (request: FastifyRequest) => {
      const form = await readPhotoForm(request);
      forms.set(request, form);
      return form;
    };
    app.addHook('onResponse', async (request) => {
      const form = forms.get(request);
      if (form) await discardPhotoForm(form);
    });

    /** A multipart inspection (signed-in callers only): its JSON field becomes the body the schema checks. */
    async function readMultipartInspection(request: FastifyRequest) {
      if (!request.isMultipart()) return;
      await guards.requireUser(request);
      const text = (await formOf(request)).fields.get(PHOTO_FIELDS.inspection);
      try {
        request.body = JSON.parse(text ?? '');
      } catch {
        throw badRequest(PHOTO_MESSAGES.inspectionField);
      }
    }

    app.post(
      '/api/storm-events/:id/inspections',
      {
        preValidation: readMultipartInspection,
        ...routes.record({
          summary: "Records an inspection of the storm event (owners, co-owners, the location's contacts)",
          description: `JSON, or multipart/form-data with the inspection as JSON text in the field \`${PHOTO_FIELDS.inspection}\` and its photos. ${PHOTOS_DESCRIPTION}`,
          consumes: ['application/json', 'multipart/form-data'],
          body: inspectionCreateSchema,
          response: { 201: inspectionSchema },
        }),
      },
      async (request, reply) => {
        const inspection = await inspections.record(
          accessOf(request),
          auditActorOf(request),
          request.params.id,
          request.body,
          forms.get(request)?.photos,
        );
        return reply.code(201).send(inspection);
      },
    );

    app.post(
      '/api/inspections',
      {
        preValidation: readMultipartInspection,
        ...routes.scoped({
          summary:
            "Records a routine inspection of a location, tied to no storm event (owners, co-owners, the location's contacts)",
          description: `JSON, or multipart/form-data with the inspection (its \`location_id\` included) as JSON text in the field \`${PHOTO_FIELDS.inspection}\` and its photos. ${PHOTOS_DESCRIPTION}`,
          consumes: ['application/json', 'multipart/form-data'],
          body: routineInspectionCreateSchema,
          response: { 201: inspectionSchema },
        }),
      },
      async (request, reply) => {
        const inspection = await inspections.recordRoutine(
          accessOf(request),
          auditActorOf(request),
          request.body,
          forms.get(request)?.photos,
        );
        return reply.code(201).send(inspection);
      },
    );

    app.get(
      '/api/inspections',
      routes.scoped({
        summary: "A location's latest 100 inspections of every kind (storm and routine), newest first",
        querystring: locationInspectionsQuerySchema,
        response: { 200: inspectionListSchema },
      }),
      async (request) => ({
        items: await inspections.ofLocation(accessOf(request), request.query.location_id),
      }),
    );

    app.get(
      '/api/inspections/:id',
      routes.record({
        summary: 'An inspection with its corrective actions and photos',
        response: { 200: inspectionSchema },
      }),
      async (request) => inspections.get(accessOf(request), request.params.id),
    );

    app.patch(
      '/api/inspections/:id',
      routes.record({
        summary:
          'Changes an inspection; corrective actions are sent as the whole list (kept ones with their id)',
        body: inspectionPatchSchema,
        response: { 200: inspectionSchema },
      }),
      async (request) =>
        inspections.change(accessOf(request), auditActorOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/inspections/:id/photos',
      routes.record({
        summary: 'Adds photos to an inspection (those who may change it)',
        description: PHOTOS_DESCRIPTION,
        consumes: ['multipart/form-data'],
        response: { 201: inspectionSchema },
      }),
      async (request, reply) => {
        const { photos } = await formOf(request);
        const inspection = await inspections.addPhotos(
          accessOf(request),
          auditActorOf(request),
          request.params.id,
          photos,
        );
        return reply.code(201).send(inspection);
      },
    );

    app.delete(
      '/api/inspections/:id/photos/:photo_id',
      routes.scoped({
        summary: 'Removes a photo of an inspection, its file and preview (those who may change it)',
        params: photoParamsSchema,
        response: { 200: inspectionSchema },
      }),
      async (request) =>
        inspections.removePhoto(
          accessOf(request),
          auditActorOf(request),
          request.params.id,
          request.params.photo_id,
        ),
    );

    app.get(
      '/api/inspections/:id/photos/:photo_id',
      routes.scoped({
        summary: 'A photo as it was sent, with its content type; `size=thumbnail`: its 320 px JPEG preview',
        params: photoParamsSchema,
        querystring: clientIdQuerySchema.extend(photoQuerySchema.shape),
      }),
      async (request, reply) => {
        const photo = await inspections.photo(
          accessOf(request),
          request.params.id,
          request.params.photo_id,
          request.query.size,
        );
        return reply
          .type(photo.contentType)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(photo.fileName)}`)
          .header('cache-control', 'private, max-age=86400')
          .send(photo.content);
      },
    );
  };
}
