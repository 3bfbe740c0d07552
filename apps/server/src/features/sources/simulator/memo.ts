/**
 * A bounded memo, oldest out first: the storm windows and intervals around the hours being
 * computed are asked for again and again, by neighbouring intervals and by later calls.
 */
export class Memo<T> {
  private readonly entries = new Map<number, T>();

  constructor(private readonly capacity: number) {}

  get(key: number, make: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const made = make();
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, made);
    return made;
  }
}
