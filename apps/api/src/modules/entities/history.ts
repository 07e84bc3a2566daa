/**
 * The history panels of the user and entity pages: audit entries turned into French lines. Details
 * keep ids, not names, so that an anonymised user reads as anonymised everywhere in the history.
 */
import {
  AUDIT_ACTION_LABELS,
  HABILITATIONS,
  UserState,
  type HistoryEntry,
  type Habilitation,
} from '@union/contract';
import type { Executor } from '../../db/client';
import { audit } from '../audit/audit';
import { presentHistory } from '../audit/presenter';
import { accountRepository } from '../users/account-repository';
import { entityRepository } from './entity-repository';

/** French names of the fields an audit entry lists as changed. */
const FIELD_LABELS: Record<string, string> = {
  identifiant: 'identifiant',
  nom: 'nom',
  prenom: 'prénom',
  email: 'e-mail',
  telephone: 'téléphone',
  code: 'code',
  type: 'type',
  numero: 'numéro',
  ville: 'ville',
  adresseFacturation: 'adresse de facturation',
  emailFacturation: 'e-mail de facturation',
  etat: 'état',
  fonction: 'fonction',
  debut: 'début',
  fin: 'fin',
  gestion: 'gestion',
  reservation: 'réservation',
  restauration: 'restauration',
  carteLoge: 'carte de loge',
  capacite: 'capacité',
  couleur: 'couleur',
  tarifHoraire: 'tarif horaire',
  active: 'active',
};

type Details = Record<string, unknown> | null;
type Names = { users: Map<number, string>; entities: Map<number, string> };

const labelHabilitations = (codes: unknown) =>
  Array.isArray(codes)
    ? codes.map((c) => HABILITATIONS[c as Habilitation]?.libelle ?? String(c)).join(', ')
    : '';

function summarise(action: string, details: Details, names: Names): string | null {
  if (!details) return null;
  const parts: string[] = [];
  if (typeof details.userId === 'number')
    parts.push(`Membre : ${names.users.get(details.userId) ?? `n° ${details.userId}`}`);
  if (typeof details.entiteId === 'number')
    parts.push(`Entité : ${names.entities.get(details.entiteId) ?? `n° ${details.entiteId}`}`);
  if (typeof details.identifiant === 'string') parts.push(`Identifiant : ${details.identifiant}`);
  if (typeof details.ancienIdentifiant === 'string')
    parts.push(`Ancien identifiant : ${details.ancienIdentifiant}`);
  if (typeof details.ancienEmail === 'string') parts.push(`Ancienne adresse : ${details.ancienEmail}`);
  if (typeof details.nom === 'string' && action.startsWith('room_')) parts.push(`Salle : ${details.nom}`);
  if (typeof details.fonction === 'string') parts.push(`Fonction : ${details.fonction}`);
  if (Array.isArray(details.champs) && details.champs.length)
    parts.push(
      `Champs modifiés : ${details.champs.map((c) => FIELD_LABELS[String(c)] ?? String(c)).join(', ')}`,
    );
  if (Array.isArray(details.ajoutees) && details.ajoutees.length)
    parts.push(`Habilitations ajoutées : ${labelHabilitations(details.ajoutees)}`);
  if (Array.isArray(details.retirees) && details.retirees.length)
    parts.push(`Habilitations retirées : ${labelHabilitations(details.retirees)}`);
  if (action === 'user_created' && Array.isArray(details.habilitations))
    parts.push(`Habilitations : ${labelHabilitations(details.habilitations)}`);
  if (typeof details.avant === 'string' && typeof details.apres === 'string') {
    const state = (s: string) => UserState.labels[s as UserState] ?? s;
    parts.push(
      action === 'user_state_changed'
        ? `${state(details.avant)} → ${state(details.apres)}`
        : `${details.avant} → ${details.apres}`,
    );
  }
  if (typeof details.fin === 'string' && action === 'membership_ended') parts.push(`Fin au ${details.fin}`);
  if (action === 'notification_changed')
    parts.push(
      `${details.notification === 'documents' ? 'Nouveaux documents' : 'Restauration'} : ${
        details.active ? 'activée' : 'désactivée'
      }`,
    );
  if (action === 'members_imported') parts.push(...importCounts(details));
  if (action === 'members_exported' && typeof details.membres === 'number')
    parts.push(
      `${quantity(details.membres, 'membre exporté', 'membres exportés')} (${
        details.perimetre === 'tous' ? 'actuels et anciens' : 'membres actuels'
      })`,
    );
  if (details.import === true && typeof details.fichier === 'string')
    parts.push(`Par import du fichier « ${details.fichier} »`);
  return parts.length ? parts.join(' ; ') : null;
}

/** "1 création", "2 créations" (French: 0 and 1 are singular). */
const quantity = (n: number, one: string, many: string) => `${n} ${n <= 1 ? one : many}`;

/** The file and the counts of an import, as the entity's history shows them. */
function importCounts(details: Record<string, unknown>): string[] {
  const parts: string[] = [];
  if (typeof details.fichier === 'string') parts.push(`Fichier « ${details.fichier} »`);
  const counts = [
    ['creations', 'compte créé', 'comptes créés'],
    ['misesAJour', 'mise à jour', 'mises à jour'],
    ['rejets', 'ligne rejetée', 'lignes rejetées'],
  ] as const;
  const said = counts
    .filter(([key]) => typeof details[key] === 'number')
    .map(([key, one, many]) => quantity(details[key] as number, one, many));
  if (said.length) parts.push(said.join(', '));
  return parts;
}

const displayName = (u: { prenom: string; nom: string; identifiant: string }) =>
  `${u.prenom} ${u.nom} (${u.identifiant})`;

/** The history of a user or an entity, newest first, ready for the screen. */
export async function historyOf(
  db: Executor,
  recordType: 'user' | 'entity',
  recordId: number,
): Promise<HistoryEntry[]> {
  const entries = await audit.historyOf(db, recordType, recordId);
  const ids = (key: string) => [
    ...new Set(
      entries.map((e) => (e.details as Details)?.[key]).filter((v): v is number => typeof v === 'number'),
    ),
  ];
  const [userRows, entityRows] = await Promise.all([
    accountRepository.namesByIds(db, ids('userId')),
    entityRepository.namesByIds(db, ids('entiteId')),
  ]);
  const names: Names = {
    users: new Map(userRows.map((u) => [u.id, displayName(u)])),
    entities: new Map(entityRows.map((e) => [e.id, e.nom])),
  };
  return presentHistory(entries, (e) => ({
    libelle: AUDIT_ACTION_LABELS[e.action] ?? e.action,
    resume: summarise(e.action, e.details, names),
  }));
}
