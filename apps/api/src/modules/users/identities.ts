/**
 * The users' identity subquery, which the other modules' queries join to name people (beside the
 * repository, which holds the users' own reads and writes). It reads only the users table, which the
 * users module owns.
 */
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** The columns of an account's identity, for the subquery below and the member import's lookup. */
export const identityColumns = {
  id: users.id,
  identifiant: users.identifiant,
  nom: users.nom,
  prenom: users.prenom,
  email: users.email,
  telephone: users.telephone,
  etat: users.etat,
};

/**
 * Each account's identity (identifiant, names, address, phone, state), as a subquery for a query of
 * another module that shows them per row (memberships, reservations, the restaurant's orders and top-ups,
 * compta's reminders, the audit's authors): it joins this instead of the users table. PostgreSQL
 * flattens it into a plain join and reads only the columns used.
 */
export function userIdentities<N extends string = 'user_identities'>(db: Executor, name?: N) {
  // A query that joins two people (a card's holder and a movement's author) names the second.
  return db
    .select(identityColumns)
    .from(users)
    .as(name ?? ('user_identities' as N));
}

/**
 * Each account's state and habilitations, as a subquery for a query of another module that decides by
 * them in the same read (a calendar feed still answers while its owner may read the calendar).
 */
export function accountStates(db: Executor) {
  return db
    .select({ id: users.id, etat: users.etat, habilitations: users.habilitations })
    .from(users)
    .as('account_states');
}
