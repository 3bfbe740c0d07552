/**
 * Answers of a remote service kept in memory for a while, at most `capacity` of them (oldest
 * out first). Callers asking for the same key while it is being fetched share one request; a
 * failed fetch is not kept.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept value of `key`, or `fetch`'s, kept for the time it names. */
  get(key: string, fetch: () => Promise<{ value: T; keepMs: number }>): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now()) return found.value;
    this.entries.delete(key);
    // Kept while in flight; its time starts when the answer is in.
    const entry = {
      expiresAt: Number.POSITIVE_INFINITY,
      value: fetch().then(
        ({ value, keepMs }) => {
          entry.expiresAt = this.now() + keepMs;
          return value;
        },
        (error: unknown) => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          throw error;
        },
      ),
    };
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry.value;
  }
}
