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

/** Runs `work`, calling `renew` every `lease.renewEveryMs` until it settles. */
export async function whileRenewing<T>(
  lease: Lease,
  renew: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  // A renewal that fails (a dropped connection) is simply tried again at the next tick.
  const timer = setInterval(() => void renew().catch(() => undefined), lease.renewEveryMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
