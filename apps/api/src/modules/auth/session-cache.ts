/**
 * Sessions kept in memory, so that an authenticated request costs no query (issue 8: `GET /api/user/info`
 * at least 90 % of its floor). Safe only where every change that ends a session reaches this process
 * before the change's own answer is sent: on PGlite, one process holds the data directory, and the
 * `sessions` notifications of migration 0021 (a token revoked or deleted, a user deactivated, renamed or
 * given other habilitations) arrive as the writing transaction commits. On PostgreSQL, where other
 * instances write too, each request asks the database (one query for the token and its user).
 */
import type { SessionUser } from '../../lib/authorize';
import { tokenHash } from '../../lib/secrets';

export interface Session {
  user: SessionUser;
  expiresAt: Date;
}

interface Entry extends Session {
  storedAt: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every notification: a lookup that was running meanwhile may have read the old rows. */
  #generation = 0;

  constructor(
    /** A safety net only: notifications already end what changes. */
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The session of a bearer token, from memory or from `load` (which reads the database). */
  async authenticate(
    token: string,
    load: () => Promise<Session | undefined>,
    now = Date.now(),
  ): Promise<SessionUser | undefined> {
    const key = tokenHash(token);
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt.getTime() > now && now - entry.storedAt < this.maxAgeMs) return entry.user;
    this.#entries.delete(key);
    const generation = this.#generation;
    const session = await load();
    if (session && generation === this.#generation) {
      // The oldest entry goes first when full (a Map keeps insertion order).
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      // Frozen: every request of the session shares it.
      this.#entries.set(key, {
        user: Object.freeze(session.user),
        expiresAt: session.expiresAt,
        storedAt: now,
      });
    }
    return session?.user;
  }

  /** Forgets every session of the user: one of their tokens, or the user, changed. */
  forgetUser(userId: number): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (entry.user.id === userId) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
