import { type SignInHours, signInHoursResponseSchema } from '@pluvio/shared/rainfall';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/rainfall/hourly_today?date=: the sign-in page's hourly figure of the local day `date` (public). */
export function signInHoursQuery(date: string) {
  return queryOptions({
    queryKey: ['rainfall', 'sign-in-hours', date],
    queryFn: async (): Promise<SignInHours> =>
      signInHoursResponseSchema.parse(
        await apiRequest('/api/rainfall/hourly_today', { query: { date }, refreshOn401: false }),
      ),
  });
}
