import {
  accountsReportQuerySchema,
  emailsReportJobQuerySchema,
  emailsReportQuerySchema,
  feeQuoteRequestSchema,
  filesProcessedJobQuerySchema,
  filesProcessedQuerySchema,
  historicalFeeQuoteSchema,
  locationReportJobQuerySchema,
  locationReportQuerySchema,
  type ReportFormat,
  reportJobSchema,
  reportLocationParamsSchema,
  reportRangeParamsSchema,
  reportRequestSchema,
  reportTaskSchema,
  type SystemReportType,
  smsReportJobQuerySchema,
  smsReportQuerySchema,
  systemReportRequestSchema,
  taskParamsSchema,
} from '@pluvio/shared/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { accessOf, authOf } from '../../core/guards';
import { contentDisposition } from '../../core/lib/content-disposition';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';
import type { RenderedReport } from './report-document';
import type { LocationReportPath } from './report-request';
import type { SystemReportAsk } from './reports.service';

const tags = ['reports'];
const LOCATION_PATHS: readonly LocationReportPath[] = [
  'data_by_date_range',
  'rapidrain_by_date_range',
  'permit_by_date_range',
];

/** What a system report's query says besides its type (the GET's also its format). */
type SystemQuery = Omit<SystemReportAsk, 'type'>;

/** The system reports (superusers), by path, with their GET and POST queries. */
const SYSTEM_PATHS: readonly {
  path: string;
  type: SystemReportType;
  view: ZodType<SystemQuery & { format: ReportFormat }>;
  job: ZodType<SystemQuery> | null;
}[] = [
  {
    path: 'sockletlabs-email-report',
    type: 'emails',
    view: emailsReportQuerySchema,
    job: emailsReportJobQuerySchema,
  },
  { path: 'sms', type: 'sms', view: smsReportQuerySchema, job: smsReportJobQuerySchema },
  { path: 'unpaid', type: 'unpaid', view: accountsReportQuerySchema, job: null },
  { path: 'billing', type: 'billing', view: accountsReportQuerySchema, job: null },
  {
    path: 'files-processed',
    type: 'files-processed',
    view: filesProcessedQuerySchema,
    job: filesProcessedJobQuerySchema,
  },
];

/** A report answered at once: HTML to show, anything else a download named by its file. */
function sendReport(reply: FastifyReply, file: RenderedReport) {
  const isHtml = file.contentType.startsWith('text/html');
  return reply
    .type(isHtml ? 'text/html; charset=utf-8' : file.contentType)
    .header('content-disposition', contentDisposition(isHtml ? 'inline' : 'attachment', file.filename))
    .send(file.content);
}

/**
 * The report calls of part 2 §7 (D18, D19): GET answers a report at once, POST queues a task
 * whose file is e-mailed; GET /api/tasks/{task_id} follows the task.
 */
export function reportsRoutes(services: Services): FastifyPluginAsyncZod {
  const { reports, guards } = services;
  return async (app) => {
    for (const path of LOCATION_PATHS) {
      app.get(
        `/api/reports/${path}/:from/:to/:id`,
        {
          preHandler: guards.requireAccount,
          schema: {
            tags,
            summary: 'A report of one location, answered at once as HTML (or CSV, as a download)',
            description:
              "A historical range (from on or before 2024-10-31) is charged as a confirmed POST is: the request is the old client's confirmation (D21). The fee is recorded once per period, by a task without recipients whose file stays downloadable; a period already paid for is free, and the report says which.",
            params: reportLocationParamsSchema,
            querystring: locationReportQuerySchema,
          },
        },
        async (request, reply) => {
          const { from, to, id } = request.params;
          const ask = { path, from, to, reportType: request.query.report_type, locationIds: [id] };
          return sendReport(
            reply,
            await reports.viewLocationReport(accessOf(request), ask, request.query.format),
          );
        },
      );
      app.post(
        `/api/reports/${path}/:from/:to`,
        {
          preHandler: guards.requireAccount,
          schema: {
            tags,
            summary:
              'Queues a report of the chosen locations; answers its task, whose file is downloaded and, with recipients, e-mailed as an attachment',
            description:
              "A historical fee due needs confirm_fee: true is confirmed, false is refused (400, the specification's confirmation text); absent is the old client's request, whose own form asked for the confirmation, and is confirmed (D21).",
            params: reportRangeParamsSchema,
            querystring: locationReportJobQuerySchema,
            body: reportRequestSchema,
            response: {
              202: reportJobSchema,
              422: errorResponse(
                "A field is malformed, or a recipient is not the requester, the account's owner, one of its contacts or a confirmed report recipient (the message names it); nothing was queued",
              ),
              429: errorResponse(
                'The account asked for REPORT_TASKS_PER_HOUR e-mailed reports (a setting, default 60) or REPORT_EMAILS_PER_HOUR e-mails (default 500) in the last hour; nothing was queued (Retry-After says when to try again)',
              ),
            },
          },
        },
        async (request, reply) => {
          const { from, to } = request.params;
          const ask = {
            path,
            from,
            to,
            reportType: request.query.report_type,
            locationIds: request.body.locations,
          };
          const taskId = await reports.submitLocationReport(accessOf(request), ask, request.body);
          return reply.code(202).send({ task_id: taskId });
        },
      );
      app.post(
        `/api/reports/${path}/:from/:to/fee`,
        {
          preHandler: guards.requireAccount,
          schema: {
            tags,
            summary:
              'What the report of these locations and dates would be charged now: the historical fee, or nothing when the account already paid for them',
            params: reportRangeParamsSchema,
            querystring: locationReportJobQuerySchema,
            body: feeQuoteRequestSchema,
            response: { 200: historicalFeeQuoteSchema },
          },
        },
        async (request) => {
          const { from, to } = request.params;
          const { report_type: reportType } = request.query;
          const ask = { path, from, to, reportType, locationIds: request.body.locations };
          return reports.feeQuote(accessOf(request), ask);
        },
      );
    }

    for (const { path, type, view, job } of SYSTEM_PATHS) {
      app.get(
        `/api/reports/${path}`,
        {
          preHandler: guards.requireUser,
          schema: { tags, summary: 'A report of the installation (superusers), at once', querystring: view },
        },
        async (request, reply) => {
          const { format, ...query } = request.query;
          const file = await reports.viewSystemReport(authOf(request).user, { ...query, type }, format);
          return sendReport(reply, file);
        },
      );
      app.post(
        `/api/reports/${path}`,
        {
          preHandler: guards.requireUser,
          schema: {
            tags,
            summary:
              'Queues a report of the installation (superusers); its file is downloaded and, with recipients, e-mailed',
            ...(job && { querystring: job }),
            body: systemReportRequestSchema,
            response: { 202: reportJobSchema },
          },
        },
        async (request, reply) => {
          const query: SystemQuery = request.query ?? {};
          const taskId = await reports.submitSystemReport(
            authOf(request).user,
            { ...query, type },
            request.body,
          );
          return reply.code(202).send({ task_id: taskId });
        },
      );
    }

    app.get(
      '/api/tasks/:task_id',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "A report task's state, readable by its requester's account",
          params: taskParamsSchema,
          response: { 200: reportTaskSchema },
        },
      },
      async (request) => {
        const { user, apiKey } = authOf(request);
        return reports.task(user, request.params.task_id, apiKey?.clientId);
      },
    );
    app.get(
      '/api/tasks/:task_id/file',
      {
        preHandler: guards.requireUser,
        schema: { tags, summary: "A done report task's file", params: taskParamsSchema },
      },
      async (request, reply) => {
        const { user, apiKey } = authOf(request);
        return sendReport(reply, await reports.taskFile(user, request.params.task_id, apiKey?.clientId));
      },
    );
  };
}
