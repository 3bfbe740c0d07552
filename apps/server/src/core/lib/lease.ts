/**
 * A worker's claim on shared work (an outbox message, ingest intervals) lasts `ms` unless the
 * worker renews it, which a live worker does every `renewEveryMs` while it works. A worker that
 * dies stops renewing, so its claim expires and another worker takes the work over.
 */
export interface Lease {
  ms: number;
  renewEveryMs: number;
}

/** Renewed every 30 s, a claim survives two missed renewals; a dead worker's claim is free 90 s later. */
export const DEFAULT_LEASE: Lease = { ms: 90_000, renewEveryMs: 30_000 };

/** When a claim taken or renewed at `now` expires. */
export function leaseEnd(lease: Lease, now: Date): Date {
  return new Date(now.getTime() + lease.ms);
}

/**
 * Runs `work`, calling `renew` every `lease.renewEveryMs` until it settles. One renewal at a time:
 * a tick that finds the last one still on its way (a slow database) skips.
 */
export async function whileRenewing<T>(
  lease: Lease,
  renew: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  let renewing: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // A renewal that fails (a dropped connection) is simply tried again at the next tick.
    renewing ??= renew()
      .catch(() => undefined)
      .finally(() => {
        renewing = null;
      });
  }, lease.renewEveryMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
