/** Entity and membership rows → contract DTOs, with the actions the caller may take. */
import type { Entity, EntityDetail, Membership, MembershipTerms } from '@union/contract';
import { allowedActions } from '../../lib/policy';
import { entityMachine, isEntityButton, membershipMachine, membershipState } from './machine';
import { may, mayMembership, type EntitiesPolicyContext } from './policy';
import type { EntityRow } from './entity-repository';
import type { MembershipWithSides, membershipTermColumns } from './membership-repository';

export const presentEntity = (e: EntityRow, nbMembres: number): Entity => ({
  id: e.id,
  code: e.code,
  nom: e.nom,
  type: e.type,
  numero: e.numero,
  ville: e.ville,
  adresseFacturation: e.adresseFacturation,
  emailFacturation: e.emailFacturation,
  etat: e.etat,
  nbMembres,
});

export const presentEntityDetail = (
  policy: EntitiesPolicyContext,
  e: EntityRow,
  nbMembres: number,
): EntityDetail => ({
  ...presentEntity(e, nbMembres),
  creeLe: e.createdAt.toISOString(),
  modifieLe: e.updatedAt.toISOString(),
  actions: allowedActions(entityMachine, e.etat, (a) => may(policy, a, e)).filter(isEntityButton),
});

/** A membership's function, period and flags, as every screen and the GDPR export show them. */
export const membershipTerms = (
  m: Pick<MembershipWithSides, keyof typeof membershipTermColumns>,
): MembershipTerms => ({
  fonction: m.fonction,
  debut: m.debut,
  fin: m.fin,
  gestion: m.gestion,
  reservation: m.reservation,
  restauration: m.restauration,
  carteLoge: m.carteLoge,
});

const isCurrent = (m: { debut: string | null; fin: string | null }, today: string) =>
  (m.debut === null || m.debut <= today) && (m.fin === null || m.fin >= today);

export const presentMembership = (
  policy: EntitiesPolicyContext,
  m: MembershipWithSides,
  today: string,
): Membership => ({
  id: m.id,
  userId: m.userId,
  entiteId: m.entityId,
  ...membershipTerms(m),
  actuelle: isCurrent(m, today),
  utilisateur: {
    identifiant: m.identifiant,
    nom: m.nom,
    prenom: m.prenom,
    email: m.email,
    telephone: m.telephone,
    etat: m.userEtat,
  },
  entite: { code: m.entiteCode, nom: m.entiteNom, type: m.entiteType },
  actions: allowedActions(membershipMachine, membershipState(m, today), (a) => mayMembership(policy, a, m)),
});
