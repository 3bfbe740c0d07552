/**
 * HTTP requests to NOAA's services: each attempt has a time limit, and answers that say "try
 * again" (500, 502, 503, 504), time-outs and network failures are retried a bounded number of
 * times with growing pauses. Anything else is answered at once, so the caller reads 404 and
 * friends itself.
 */

export interface RetryPolicy {
  /** Time limit of one attempt, ms. */
  timeoutMs: number;
  /** Attempts in all, the first included. */
  attempts: number;
  /** Pause before the second attempt, ms; doubled before each later one. */
  backoffMs: number;
}

/** A source that did not answer usefully: the message names the service and what went wrong. */
export class SourceError extends Error {}

const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failure(service: string, url: string, error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `${service} did not answer in time (${url})`;
  }
  const cause = error instanceof Error ? error.message : String(error);
  return `${service} could not be reached (${url}): ${cause}`;
}

/**
 * The first answer of `url` that is not a retried status; throws a SourceError when the
 * attempts run out. The body is read within the same time limit by the caller's `read`.
 */
export async function fetchWithRetry<T>(
  service: string,
  url: string,
  init: { headers: Record<string, string> },
  policy: RetryPolicy,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  let problem = '';
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (attempt > 0) await pause(policy.backoffMs * 2 ** (attempt - 1));
    try {
      const response = await fetch(url, {
        headers: init.headers,
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      if (!RETRIED_STATUSES.has(response.status)) return await read(response);
      await response.body?.cancel();
      problem = `${service} answered ${response.status} (${url})`;
    } catch (error) {
      if (error instanceof SourceError) throw error;
      problem = failure(service, url, error);
    }
  }
  throw new SourceError(`${problem}, ${policy.attempts} attempts`);
}
