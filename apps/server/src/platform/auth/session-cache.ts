/**
 * Sessions this process resolved a moment ago, so that a burst of requests with one cookie reads the
 * sessions table once instead of once per request (a database round trip, on PGlite queued behind the
 * page's own queries). Every entry carries the moment it stops being valid, which its owner sets no later
 * than the session's own expiry; changes made by this process are forgotten at once (`forget`,
 * `forgetUser`), changes made by another process sharing the database are seen when the entry runs out.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; userId: number; until: number }>();
  /** Bumped by every forgetting: a look-up that began before it must not store what it read. */
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  /** The value of a live entry; a stale one is dropped. */
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now < entry.until) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** A token for `set`: take it before reading the database. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps a value read since `begin` answered `started`, unless something was forgotten meanwhile: the
   * read may then have seen the state from before that change.
   */
  set(key: string, entry: { value: T; userId: number; until: number }, started: number): void {
    if (started !== this.generation) return;
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the entry written longest ago.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Every session of a user: the user's roles, name, password or state changed. */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }
}
