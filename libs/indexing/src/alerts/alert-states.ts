/** Trusted for this long by default; another process's change (a read alert, a switch) waits at most this. */
export const ALERT_STATE_TTL_MS = 30_000;

/**
 * The saved searches the alerts need not look at again for a while: those just notified (their alert is
 * unread), those with an unread alert already and those with alerts off. A search matched by many records
 * of a busy stretch is then read from the store once, not once a record. In this process `forgetOwner`
 * clears a user's searches at once (they read their notifications or switched alerts); elsewhere the entry
 * lapses after the time to live.
 */
export class AlertStates {
  private readonly until = new Map<string, number>();
  private readonly byOwner = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs = ALERT_STATE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  known(searchId: string): boolean {
    const until = this.until.get(searchId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(searchId);
    return false;
  }

  remember(searchId: string, ownerId: string): void {
    this.until.set(searchId, this.now() + this.ttlMs);
    let searches = this.byOwner.get(ownerId);
    if (!searches) this.byOwner.set(ownerId, (searches = new Set()));
    searches.add(searchId);
  }

  forgetOwner(ownerId: string): void {
    for (const searchId of this.byOwner.get(ownerId) ?? []) this.until.delete(searchId);
    this.byOwner.delete(ownerId);
  }
}
