import { describe, expect, it } from 'vitest';
import { SessionCache, type Session } from './session-cache';

const session = (id: number, expiresAt = Date.now() + 3_600_000): Session => ({
  user: { id, habilitations: ['USER'], nom: 'Lefèvre', prenom: 'Hélène' },
  expiresAt: new Date(expiresAt),
});

/** A loader that counts its calls: the database's stand-in. */
function loader(answer: () => Session | undefined) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, answer()) };
}

describe('SessionCache', () => {
  it('reads the database once per token, then answers from memory', async () => {
    const cache = new SessionCache();
    const { calls, load } = loader(() => session(1));
    expect((await cache.authenticate('jeton', load))?.id).toBe(1);
    expect((await cache.authenticate('jeton', load))?.id).toBe(1);
    expect(calls.n).toBe(1);
    await cache.authenticate('autre-jeton', load);
    expect(calls.n).toBe(2);
  });

  it('never keeps an unknown token', async () => {
    const cache = new SessionCache();
    const { calls, load } = loader(() => undefined);
    expect(await cache.authenticate('inconnu', load)).toBeUndefined();
    expect(await cache.authenticate('inconnu', load)).toBeUndefined();
    expect(calls.n).toBe(2);
  });

  it('forgets every session of a user it is told changed, and only theirs', async () => {
    const cache = new SessionCache();
    const one = loader(() => session(1));
    const two = loader(() => session(2));
    await cache.authenticate('a', one.load);
    await cache.authenticate('b', one.load);
    await cache.authenticate('c', two.load);
    cache.forgetUser(1);
    expect(cache.size).toBe(1);
    await cache.authenticate('a', one.load);
    await cache.authenticate('c', two.load);
    expect([one.calls.n, two.calls.n]).toEqual([3, 1]);
  });

  it('does not keep what a lookup read while a change was being told', async () => {
    const cache = new SessionCache();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return session(1);
    };
    const pending = cache.authenticate('a', slow);
    cache.forgetUser(1); // the change commits while the lookup still runs
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('asks again once the token has expired or the entry is old', async () => {
    const now = Date.now();
    const cache = new SessionCache(60_000);
    const expiring = loader(() => session(1, now + 1_000));
    await cache.authenticate('a', expiring.load, now);
    await cache.authenticate('a', expiring.load, now + 500);
    await cache.authenticate('a', expiring.load, now + 1_000);
    expect(expiring.calls.n).toBe(2);
    const lasting = loader(() => session(2));
    await cache.authenticate('b', lasting.load, now);
    await cache.authenticate('b', lasting.load, now + 60_000);
    expect(lasting.calls.n).toBe(2);
  });

  it('drops the oldest session when full', async () => {
    const cache = new SessionCache(60_000, 2);
    const { calls, load } = loader(() => session(1));
    await cache.authenticate('a', load);
    await cache.authenticate('b', load);
    await cache.authenticate('c', load);
    expect(cache.size).toBe(2);
    await cache.authenticate('b', load);
    expect(calls.n).toBe(3);
    await cache.authenticate('a', load);
    expect(calls.n).toBe(4);
  });
});
