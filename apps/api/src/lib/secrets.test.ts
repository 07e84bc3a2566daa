import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './secrets';

describe('password hashes', () => {
  it("are argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane) and verify only their password", async () => {
    const hash = await hashPassword('Un-mot-de-passe-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Un-mot-de-passe-1')).toBe(true);
    expect(await verifyPassword(hash, 'un-mot-de-passe-1')).toBe(false);
    expect(await verifyPassword(null, 'Un-mot-de-passe-1')).toBe(false);
    expect(await verifyPassword('pas un hash', 'Un-mot-de-passe-1')).toBe(false);
  });
});
