/**
 * Demo data for a new embedded database (never in production): the Union, eight lodges and
 * associations of every type, five rooms, about 150 members and the six demo accounts of the README.
 */
import { HABILITATION_CODES, PROFILES, type EntityType, type Habilitation } from '@union/contract';
import { count } from 'drizzle-orm';
import { hashPassword } from '../lib/secrets';
import { baseIdentifiant } from '../modules/users/identifiants';
import type { Database } from '../db/client';
import { entities, memberships, rooms, users } from '../db/schema';
import { seedReservations } from './reservations';
import { seedSettings } from './settings';
import { seedRestaurant } from './restaurant';
import { seedCompta } from './compta';
import { seedBank } from './bank';
import { seedSepa } from './sepa';
import { seedDocuments } from './documents';

export const DEMO_PASSWORD = 'Union-Demo-2026!';

const ENTITIES: { code: string; nom: string; type: EntityType; numero?: string; ville: string }[] = [
  { code: 'UNION', nom: 'Union des Loges et Associations de Lyon', type: 'UN', ville: 'Lyon 2e' },
  { code: 'CHEV-RHONE', nom: 'Les Chevaliers du Rhône', type: 'GODF', numero: '1024', ville: 'Lyon' },
  { code: 'TOL-PROGRES', nom: 'Tolérance et Progrès', type: 'GODF', numero: '887', ville: 'Villeurbanne' },
  { code: 'CROIX-ROUSSE', nom: 'Les Amis de la Croix-Rousse', type: 'DH', numero: '1312', ville: 'Lyon 4e' },
  { code: 'LUM-FOURVIERE', nom: 'La Lumière de Fourvière', type: 'DH', numero: '1450', ville: 'Lyon 5e' },
  { code: 'HELVETIE', nom: 'Helvétie Lyonnaise', type: 'GOS', numero: '77', ville: 'Lyon' },
  {
    code: 'PERF-ST-JEAN',
    nom: 'Loge de Perfection Saint-Jean de Lyon',
    type: 'HG',
    numero: '14',
    ville: 'Lyon',
  },
  { code: 'AFM-CULTURE', nom: 'Culture et Fraternité', type: 'AFM', ville: 'Lyon 2e' },
  { code: 'AFM-TEMPLE', nom: 'Les Amis du Temple de la rue Garibaldi', type: 'AFM', ville: 'Lyon 3e' },
];

const ROOMS = [
  { nom: 'Temple Hiram', capacite: 120, couleur: '#1c7ed6', tarifHoraire: 4500 },
  { nom: 'Temple Salomon', capacite: 80, couleur: '#7048e8', tarifHoraire: 3500 },
  { nom: 'Salle Voltaire', capacite: 40, couleur: '#2f9e44', tarifHoraire: 2000 },
  { nom: 'Salle Condorcet', capacite: 25, couleur: '#f08c00', tarifHoraire: 1500 },
  { nom: 'Salle des Agapes', capacite: 150, couleur: '#e03131', tarifHoraire: 3000 },
];

const MEMBER = PROFILES.Membre;

const ACCOUNTS: {
  identifiant: string;
  prenom: string;
  nom: string;
  role: string;
  habilitations: readonly Habilitation[];
  entity: string;
  fonction: string;
  flags: { gestion?: boolean; reservation?: boolean; restauration?: boolean; carteLoge?: boolean };
}[] = [
  {
    identifiant: 'admin',
    prenom: 'Alain',
    nom: 'Administrateur',
    role: 'toutes les habilitations',
    habilitations: HABILITATION_CODES,
    entity: 'UNION',
    fonction: 'Administrateur',
    flags: { gestion: true, reservation: true, restauration: true, carteLoge: true },
  },
  {
    identifiant: 'secretariat',
    prenom: 'Sophie',
    nom: 'Secrétan',
    role: "secrétariat de l'Union",
    habilitations: PROFILES["Secrétariat de l'Union"],
    entity: 'UNION',
    fonction: 'Secrétaire',
    flags: { gestion: true, reservation: true },
  },
  {
    identifiant: 'tresorier',
    prenom: 'Thierry',
    nom: 'Trésor',
    role: "trésorier de l'Union",
    habilitations: PROFILES["Trésorier de l'Union"],
    entity: 'UNION',
    fonction: 'Trésorier',
    flags: {},
  },
  {
    identifiant: 'restaurant',
    prenom: 'Rémi',
    nom: 'Fourneau',
    role: 'responsable restauration',
    habilitations: PROFILES['Responsable restauration'],
    entity: 'UNION',
    fonction: 'Responsable restauration',
    flags: {},
  },
  {
    identifiant: 'venerable',
    prenom: 'Victor',
    nom: 'Vénérable',
    role: 'Vénérable Maître des Chevaliers du Rhône',
    habilitations: PROFILES['Responsable de loge'],
    entity: 'CHEV-RHONE',
    fonction: 'Vénérable Maître',
    flags: { gestion: true, reservation: true, restauration: true, carteLoge: true },
  },
  {
    identifiant: 'membre',
    prenom: 'Marie',
    nom: 'Membre',
    role: 'membre des Chevaliers du Rhône',
    habilitations: MEMBER,
    entity: 'CHEV-RHONE',
    fonction: 'Membre',
    flags: {},
  },
  {
    // A member of another lodge: what the Chevaliers du Rhône address to their own members stays hidden.
    identifiant: 'membre2',
    prenom: 'Paul',
    nom: 'Voisin',
    role: 'membre de Tolérance et Progrès',
    habilitations: MEMBER,
    entity: 'TOL-PROGRES',
    fonction: 'Membre',
    flags: {},
  },
];

const FIRST_NAMES = [
  'Jean',
  'Marie',
  'Pierre',
  'Claire',
  'Louis',
  'Hélène',
  'Michel',
  'Anne',
  'François',
  'Isabelle',
  'Jacques',
  'Sylvie',
  'Bernard',
  'Nathalie',
  'Philippe',
  'Catherine',
  'André',
  'Élodie',
  'Henri',
  'Zoé',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Guérin',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'Blanc',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'Chevalier',
  'Martinez',
  'Legrand',
];
const FONCTIONS = [
  'Membre',
  'Membre',
  'Membre',
  'Membre',
  'Secrétaire',
  'Trésorier',
  'Orateur',
  'Membre',
  'Hospitalier',
  'Membre',
];

/** Lower-case ASCII for identifiants and addresses. */
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Seeds when the users table is empty; returns the demo accounts, or null when data already exists. */
export async function seedDemoIfEmpty(db: Database) {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const entityRows = await tx
      .insert(entities)
      .values(
        ENTITIES.map((e) => ({
          ...e,
          emailFacturation: `tresorerie.${slug(e.code)}@demo.union-lyon.fr`,
          adresseFacturation: `8 rue Garibaldi\n69006 Lyon`,
        })),
      )
      .returning();
    const entityId = (code: string) => entityRows.find((e) => e.code === code)!.id;
    await tx.insert(rooms).values(ROOMS);

    for (const account of ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          identifiant: account.identifiant,
          prenom: account.prenom,
          nom: account.nom,
          email: `${account.identifiant}@demo.union-lyon.fr`,
          telephone: '04 78 00 00 00',
          passwordHash,
          habilitations: [...account.habilitations],
          notificationRestauration: true,
          notificationDocuments: true,
        })
        .returning();
      await tx.insert(memberships).values({
        userId: user!.id,
        entityId: entityId(account.entity),
        fonction: account.fonction,
        debut: '2020-09-01',
        ...account.flags,
      });
    }

    // About 150 members spread over the eight lodges and associations. They have no password yet:
    // like real members, they would receive an invitation or use "Mot de passe oublié ?".
    const lodges = entityRows.filter((e) => e.type !== 'UN');
    const members = Array.from({ length: 144 }, (_, i) => {
      const prenom = FIRST_NAMES[i % FIRST_NAMES.length]!;
      // Shifted every 60 rows so that the 144 first-and-last-name pairs are all different.
      const nom = LAST_NAMES[(i * 7 + Math.floor(i / 60)) % LAST_NAMES.length]!;
      const identifiant = baseIdentifiant(prenom, nom);
      return { identifiant, prenom, nom, email: `${identifiant}@demo.union-lyon.fr`, habilitations: MEMBER };
    });
    const memberRows = await tx.insert(users).values(members).returning({ id: users.id });
    await tx.insert(memberships).values(
      memberRows.map((m, i) => ({
        userId: m.id,
        entityId: lodges[i % lodges.length]!.id,
        fonction: FONCTIONS[i % FONCTIONS.length]!,
        debut: `${2005 + (i % 20)}-09-01`,
        restauration: i % 5 === 0,
      })),
    );
  });
  await seedReservations(db);
  await seedSettings(db);
  await seedRestaurant(db);
  await seedCompta(db);
  await seedBank(db);
  await seedSepa(db);
  await seedDocuments(db);
  return {
    password: DEMO_PASSWORD,
    accounts: ACCOUNTS.map((a) => ({ identifiant: a.identifiant, role: a.role })),
  };
}
