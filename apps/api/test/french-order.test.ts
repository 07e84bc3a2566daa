/**
 * Lists in French alphabetical order on both databases: accents and case do not push a name to the end
 * (on PGlite, whose collation is "C", "Élodie" came after "Nathalie" and "eric" after "Zoé").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let admin: string;
let entityId: number;

// One world built once, only read by the tests below. The list of every entity is checked whole: the
// builders add no entity of their own (their operator is a member of none).
beforeAll(async () => {
  t = await createTestContext();
  const b = builders(t);
  admin = (
    await b.aUser({ identifiant: 'chef', habilitations: ['USER', 'ADMIN'], nom: 'Chef', prenom: 'Paul' })
  ).token;
  const people = [
    ['nathalie', 'Nathalie', 'Zèbre'],
    ['elodie', 'Élodie', 'Écuyer'],
    ['eric', 'eric', 'durand'],
    ['zoe', 'Zoé', 'Abel'],
    ['agnes', 'Agnès', 'Dupont'],
  ] as const;
  entityId = (
    await b.aLodgeWithMembers({
      code: 'ORDRE',
      nom: 'Ordre',
      members: people.map(([identifiant, prenom, nom]) => ({ identifiant, prenom, nom })),
    })
  ).id;
  for (const [code, nom] of [
    ['E1', 'Étoile du Rhône'],
    ['E2', 'avenir'],
    ['E3', 'Lumière'],
  ]) {
    await b.aLodgeWithMembers({ code, nom, members: [] });
  }
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
