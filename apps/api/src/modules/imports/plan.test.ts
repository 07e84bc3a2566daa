import { describe, expect, it } from 'vitest';
import { assignIdentifiants, baseIdentifiant } from '../users/identifiants';
import { checkRow, planRows, type ExistingUser } from './plan';

const row = (
  ligne: number,
  values: Partial<Record<'nom' | 'prenom' | 'email' | 'telephone' | 'fonction', string>>,
) =>
  checkRow({
    ligne,
    values: {
      nom: 'Martin',
      prenom: 'Jean',
      email: 'jean@exemple.fr',
      telephone: '',
      fonction: '',
      ...values,
    },
  });

describe('checkRow', () => {
  it.each([
    [{}, []],
    [{ nom: '' }, ['nom manquant']],
    [{ prenom: '' }, ['prénom manquant']],
    [{ email: '' }, ['adresse e-mail manquante']],
    [{ email: 'pas-une-adresse' }, ['adresse e-mail invalide « pas-une-adresse »']],
    [{ telephone: 'abc' }, ['téléphone invalide « abc » (exemple : 04 78 00 00 00)']],
    [{ fonction: 'x'.repeat(101) }, ['fonction trop long (100 caractères au plus)']],
    [{ nom: '', email: 'x' }, ['nom manquant', 'adresse e-mail invalide « x »']],
    [{ nom: 'Mar\u0000tin' }, ['nom : caractère de contrôle invisible interdit']],
    [{ fonction: 'Orateur\u0001' }, ['fonction : caractère de contrôle invisible interdit']],
    [{ email: 'jean\u001b@exemple.fr' }, ['adresse e-mail : caractère de contrôle invisible interdit']],
    [{ prenom: 'Jean\u0085' }, ['prénom : caractère de contrôle invisible interdit']],
    [{ fonction: 'Maître\tdes\r\ncérémonies' }, []],
  ])('%j → %j', (values, problems) => {
    expect(row(2, values).problems).toEqual(problems);
  });

  it('lower-cases the address and gives a number-typed telephone its leading zero', () => {
    const checked = row(2, { email: 'Jean@Exemple.FR', telephone: '478000000' });
    expect(checked.values.email).toBe('jean@exemple.fr');
    expect(checked.values.telephone).toBe('0478000000');
  });
});

const existing = (fields: Partial<ExistingUser>): ExistingUser => ({
  id: 7,
  identifiant: 'jean.martin',
  nom: 'Martin',
  prenom: 'Jean',
  email: 'jean@exemple.fr',
  telephone: null,
  etat: 'A',
  membership: { id: 70, fonction: 'Membre' },
  upcoming: null,
  ...fields,
});

describe('planRows', () => {
  it.each([
    ['unknown address', null, {}, true, 'creation', null],
    ['known, same everything', existing({}), { fonction: 'Membre' }, true, 'inchangee', null],
    ['known, no fonction in the file', existing({}), {}, true, 'inchangee', null],
    [
      'known, new fonction',
      existing({}),
      { fonction: 'Trésorier' },
      false,
      'mise_a_jour',
      'Fonction : Membre → Trésorier',
    ],
    [
      'known, not yet a member',
      existing({ membership: null }),
      { fonction: 'Orateur' },
      false,
      'mise_a_jour',
      "Ajout à l'entité (Orateur)",
    ],
    [
      'known, new telephone, admin',
      existing({}),
      { telephone: '0478000000' },
      true,
      'mise_a_jour',
      'Téléphone : (aucun) → 0478000000',
    ],
    [
      'known, new telephone, lodge manager',
      existing({}),
      { telephone: '0478000000' },
      false,
      'inchangee',
      null,
    ],
    [
      'known, other name, admin',
      existing({}),
      { nom: 'Martin-Roux' },
      true,
      'mise_a_jour',
      'Nom : Martin → Martin-Roux',
    ],
    [
      'known, a membership starting later and none today',
      existing({ membership: null, upcoming: '2099-01-01' }),
      { fonction: 'Membre' },
      false,
      'rejet',
      "Déjà membre de l'entité à partir du 01/01/2099 : modifiez cette appartenance depuis la fiche du membre.",
    ],
    [
      'deleted account',
      existing({ etat: 'S' }),
      {},
      true,
      'rejet',
      'Le compte « jean.martin » de cette adresse est supprimé.',
    ],
  ])('%s → %s', (_case, user, values, admin, action, motif) => {
    const byEmail = new Map(user ? [[user.email, user]] : []);
    const [planned] = planRows([row(2, values)], byEmail, admin);
    expect(planned!.action).toBe(action);
    expect(planned!.motif).toBe(motif);
  });

  it('rejects an invalid row with every reason, and a repeated address the second time', () => {
    const planned = planRows(
      [row(2, { nom: '', email: 'faux' }), row(3, {}), row(4, { email: 'JEAN@exemple.fr' })],
      new Map(),
      true,
    );
    expect(planned.map((p) => [p.action, p.motif])).toEqual([
      ['rejet', 'Nom manquant ; adresse e-mail invalide « faux ».'],
      ['creation', null],
      ['rejet', 'Adresse e-mail déjà présente ligne 3 du fichier.'],
    ]);
  });
});

describe('identifiants', () => {
  it('builds prenom.nom in ASCII, as the users module does', () => {
    expect(baseIdentifiant('Hélène', "Lefèvre-d'Arc")).toBe('helene.lefevre-d-arc');
    expect(baseIdentifiant('李', '王')).toBe('membre');
  });

  it('cuts a long name so that a homonym number still fits the 60 characters', () => {
    const base = baseIdentifiant('Marie-Bernadette-Thérèse', 'de La Tour du Pin Gouvernet de La Charce');
    expect(base.length).toBeLessThanOrEqual(54);
    expect(base).toMatch(/^marie-bernadette-therese\.de-la-tour/);
    expect(base).not.toMatch(/[.-]$/);
    const [homonym] = assignIdentifiants(
      [{ prenom: 'Marie-Bernadette-Thérèse', nom: 'de La Tour du Pin Gouvernet de La Charce' }],
      new Set([base]),
    );
    expect(homonym!.length).toBeLessThanOrEqual(60);
  });

  it('keeps both names recognisable when both are long, the nom shortened first', () => {
    const base = baseIdentifiant('Jean-'.repeat(20), 'Dupont-'.repeat(15));
    expect(base.length).toBeLessThanOrEqual(54);
    const [prenom, nom] = base.split('.');
    expect(prenom).toMatch(/^jean-jean-jean/);
    expect(nom).toMatch(/^dupont-dupont/);
    expect(nom!.length).toBeGreaterThanOrEqual(19);
    expect(base).not.toMatch(/-\.|-$/);
    expect(baseIdentifiant('A'.repeat(100), '')).toBe('a'.repeat(54));
    expect(baseIdentifiant('Éva', 'Lô')).toBe('eva.lo');
  });

  it('adds the first free number on collisions, also within the file', () => {
    const taken = new Set(['jean.martin', 'jean.martin2']);
    const people = [
      { prenom: 'Jean', nom: 'Martin' },
      { prenom: 'Jean', nom: 'Martin' },
      { prenom: 'Zoé', nom: 'Roux' },
    ];
    expect(assignIdentifiants(people, taken)).toEqual(['jean.martin3', 'jean.martin4', 'zoe.roux']);
  });
});
