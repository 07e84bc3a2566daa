/** Ids in paths and query strings are plain decimal digits: anything `Number()` would also read is a 412. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
/** Only calls: nothing of the administrator's is changed. */
let adminToken: string;

/** A member of a lodge of the test's own: its membership is what a test may end. */
async function aMembership() {
  const { member } = await b.aLodgeWithMembers();
  return { userId: member.id, membershipId: member.membershipId };
}

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  adminToken = (await b.aUser({ habilitations: ['USER', 'ADMIN', 'PLANNING'] })).token;
});
afterAll(() => t.close());

// Each is what the app never sends but `Number()` reads as a valid id (or as the id 16 for 0x10).
const MANGLED = ['%201', '1%20', '0x10', '1.0', '%2B1', '1e0', '01', '0b1', '%091'];

describe('path ids', () => {
  it.each(MANGLED)('refuses %s as a user id or a membership id with a 412, changing nothing', async (bad) => {
    const { userId, membershipId } = await aMembership();
    for (const url of [
      `/api/user/${bad}/appartenances/${membershipId}`,
      `/api/user/${userId}/appartenances/${bad}`,
    ]) {
      const response = await t.call({ method: 'DELETE', url, token: adminToken });
      expect(response.statusCode, url).toBe(412);
      expect(response.json().message).toMatch(/nombre entier positif/);
    }
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(row!.fin).toBeNull();
  });

  it.each(MANGLED)('refuses %s in GET paths and query strings of other modules', async (bad) => {
    for (const url of [
      `/api/user/${bad}/infos`,
      `/api/entite/${bad}/infos`,
      `/api/entite/${bad}/membres/excel`,
      `/api/reservation/${bad}/infos`,
      `/api/planning/search/2026/${bad}/0`,
    ]) {
      const response = await t.call({ method: 'GET', url, token: adminToken });
      expect(response.statusCode, url).toBe(412);
    }
    const imported = await t.call({
      method: 'POST',
      url: `/api/user/import?idEntite=${bad}&dryRun=true`,
      token: adminToken,
    });
    expect(imported.statusCode).toBe(412);
  });

  it('refuses a year written otherwise than in digits', async () => {
    for (const annee of ['0x7EA', '2026.0', '%202026'])
      expect(
        (await t.call({ method: 'GET', url: `/api/planning/search/${annee}/0/0`, token: adminToken }))
          .statusCode,
      ).toBe(412);
  });

  it('still accepts the plain ids the app sends', async () => {
    const { userId, membershipId } = await aMembership();
    expect(
      (await t.call({ method: 'GET', url: `/api/user/${userId}/infos`, token: adminToken })).statusCode,
    ).toBe(200);
    const ended = await t.call({
      method: 'DELETE',
      url: `/api/user/${userId}/appartenances/${membershipId}`,
      token: adminToken,
    });
    expect(ended.statusCode).toBe(204);
  });
});
