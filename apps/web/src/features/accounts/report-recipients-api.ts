import { type ReportRecipient, reportRecipientSchema } from '@pluvio/shared/quotas';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/** An account's extra report recipients (issue 24): list, add (e-mails a confirmation link), remove. */

const recipientsPath = (clientId: number) => `/api/clients/${clientId}/report-recipients`;

export const reportRecipientsKey = (clientId: number) => ['report-recipients', clientId] as const;

export const reportRecipientsQuery = (clientId: number) =>
  queryOptions({
    queryKey: reportRecipientsKey(clientId),
    queryFn: async (): Promise<ReportRecipient[]> =>
      z
        .array(reportRecipientSchema)
        .parse(await apiRequest(recipientsPath(clientId), { query: { client_id: clientId } })),
  });

export async function addReportRecipient(clientId: number, email: string): Promise<ReportRecipient> {
  return reportRecipientSchema.parse(
    await apiRequest(recipientsPath(clientId), {
      method: 'POST',
      json: { email },
      query: { client_id: clientId },
    }),
  );
}

export async function removeReportRecipient(clientId: number, id: number): Promise<void> {
  await apiRequest(`${recipientsPath(clientId)}/${id}`, { method: 'DELETE', query: { client_id: clientId } });
}

/** The confirmation e-mail's link: anyone holding it confirms the address (no sign-in). */
export async function confirmReportRecipient(token: string): Promise<string> {
  const answer = await apiRequest('/api/report-recipients/confirm', {
    method: 'POST',
    json: { token },
    refreshOn401: false,
  });
  return z.object({ detail: z.string() }).parse(answer).detail;
}
