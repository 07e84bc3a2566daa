/**
 * Lists in French alphabetical order on both databases: accents and case do not push a name to the end
 * (on PGlite, whose collation is "C", "Élodie" came after "Nathalie" and "eric" after "Zoé").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createEntity, createUser, type TestContext, createTestContext } from './helpers';

let t: TestContext;
let admin: string;
let entityId: number;

beforeAll(async () => {
  t = await createTestContext();
  await createUser(t.db, {
    identifiant: 'chef',
    habilitations: ['USER', 'ADMIN'],
    nom: 'Chef',
    prenom: 'Paul',
  });
  entityId = (await createEntity(t.db, { code: 'ORDRE', nom: 'Ordre' })).id;
  const people = [
    ['nathalie', 'Nathalie', 'Zèbre'],
    ['elodie', 'Élodie', 'Écuyer'],
    ['eric', 'eric', 'durand'],
    ['zoe', 'Zoé', 'Abel'],
    ['agnes', 'Agnès', 'Dupont'],
  ] as const;
  for (const [identifiant, prenom, nom] of people) {
    const user = await createUser(t.db, { identifiant, prenom, nom });
    await addMembership(t.db, { userId: user.id, entityId });
  }
  await createEntity(t.db, { code: 'E1', nom: 'Étoile du Rhône' });
  await createEntity(t.db, { code: 'E2', nom: 'avenir' });
  await createEntity(t.db, { code: 'E3', nom: 'Lumière' });
  admin = await t.signIn('chef');
});
afterAll(() => t.close());

describe('French order', () => {
  it('sorts the user search by first name and by name, both ways', async () => {
    const firstNames = async (tri: string, sens: string) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/user/search',
          token: admin,
          payload: { tri, sens, entiteId: entityId },
        })
      )
        .json<{ lignes: { prenom: string; nom: string }[] }>()
        .lignes.map((l) => (tri === 'nom' ? l.nom : l.prenom));
    expect(await firstNames('prenom', 'asc')).toEqual(['Agnès', 'Élodie', 'eric', 'Nathalie', 'Zoé']);
    expect(await firstNames('prenom', 'desc')).toEqual(['Zoé', 'Nathalie', 'eric', 'Élodie', 'Agnès']);
    expect(await firstNames('nom', 'asc')).toEqual(['Abel', 'Dupont', 'durand', 'Écuyer', 'Zèbre']);
  });

  it('sorts the entities and the members of an entity', async () => {
    const entities = (await t.call({ method: 'GET', url: '/api/entite/all', token: admin }))
      .json<{ nom: string }[]>()
      .map((e) => e.nom);
    expect(entities).toEqual(['avenir', 'Étoile du Rhône', 'Lumière', 'Ordre']);
    const members = (
      await t.call({ method: 'GET', url: `/api/entite/${entityId}/appartenances`, token: admin })
    )
      .json<{ utilisateur: { nom: string } }[]>()
      .map((m) => m.utilisateur.nom);
    expect(members).toEqual(['Abel', 'Dupont', 'durand', 'Écuyer', 'Zèbre']);
  });
});
