/** User rows → the administration DTOs of the contract. */
import type { UserDetail, UserPickRow, UserRow as UserRowDto } from '@union/contract';
import { allowedActions } from '../../lib/policy';
import { userMachine } from '../users/machine';
import { may, type UsersPolicyContext } from '../users/policy';
import type { UserRow } from '../users/account-repository';

export const presentUserRow = (u: UserRow): UserRowDto => ({
  id: u.id,
  identifiant: u.identifiant,
  nom: u.nom,
  prenom: u.prenom,
  email: u.email,
  telephone: u.telephone,
  etat: u.etat,
  habilitations: u.habilitations,
});

/** A lodge manager's search row: no identifiant, telephone, state or habilitations. */
export const presentUserPick = (u: UserRow): UserPickRow => ({
  id: u.id,
  nom: u.nom,
  prenom: u.prenom,
  email: u.email,
});

/** `secondFactor`: whether the user has a confirmed authenticator (read by the service). */
export const presentUserDetail = (
  policy: UsersPolicyContext,
  u: UserRow,
  secondFactor: boolean,
): UserDetail => ({
  ...presentUserRow(u),
  notificationRestauration: u.notificationRestauration,
  notificationDocuments: u.notificationDocuments,
  motDePasseDefini: u.passwordHash !== null,
  doubleAuthentification: secondFactor,
  anonymise: u.anonymizedAt !== null,
  creeLe: u.createdAt.toISOString(),
  modifieLe: u.updatedAt.toISOString(),
  actions: allowedActions(userMachine, u.etat, (action) => may(policy, action, u)),
});
