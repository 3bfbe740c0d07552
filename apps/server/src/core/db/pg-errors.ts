/** PostgreSQL's SQLSTATE of an error, however the driver or drizzle wraps it. */
export function pgErrorCode(error: unknown): string | undefined {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
  return typeof code === 'string' ? code : undefined;
}

/** unique_violation (two sign-ups of one address at once). */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` again when PostgreSQL chose it as the victim of a deadlock, at most three times in
 * all. PostgreSQL rolls the victim back whole, so running it again is safe; by then the other side
 * holds what it waited for and finishes first. For a short write that takes its locks in another
 * order than a concurrent writer can (a cascading delete against a worker writing the same rows).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}
