/**
 * A bounded map whose entries each expire at their own time, for results that are costly to compute and
 * safe to reuse until then (verified tokens). When full, the oldest entry makes room.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAtMs: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAtMs: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAtMs });
  }
}
