/** Desk rows → contract DTOs: a till session with its sums, a desk movement with its holder and author. */
import type { DeskMovement, TillSession } from '@union/contract';
import { holderOf, type DeskMovementRow, type SessionTotals, type TillSessionRecord } from './repository';

const person = (id: number | null, nom: string | null, prenom: string | null) =>
  id === null ? null : { id, nom: nom ?? '', prenom: prenom ?? '' };

export function presentTillSession(
  row: {
    session: TillSessionRecord;
    ouvreurNom: string;
    ouvreurPrenom: string;
    clotureurNom: string | null;
    clotureurPrenom: string | null;
  },
  totals: SessionTotals | undefined,
): TillSession {
  const s = row.session;
  const sums = totals ?? { especes: 0, cheques: 0, nombreCheques: 0, ventes: 0 };
  return {
    id: s.id,
    caisse: s.caisse,
    ouverture: s.openedAt.toISOString(),
    ouvertPar: { id: s.openedBy, nom: row.ouvreurNom, prenom: row.ouvreurPrenom },
    fondInitial: s.fondInitial,
    ...sums,
    // Once closed, what was expected at the close; before, what the drawer should hold now.
    attendu: s.attendu ?? s.fondInitial + sums.especes,
    cloture: s.closedAt?.toISOString() ?? null,
    cloturePar: person(s.closedBy, row.clotureurNom, row.clotureurPrenom),
    compte: s.compte,
    ecart: s.compte === null || s.attendu === null ? null : s.compte - s.attendu,
    motif: s.motif,
  };
}

export const presentDeskMovement = (m: DeskMovementRow): DeskMovement => ({
  id: m.id,
  date: m.createdAt.toISOString(),
  type: m.type,
  montant: m.montant,
  moyen: m.moyen,
  reference: m.reference,
  libelle: m.libelle,
  titulaire: holderOf(m),
  auteur: person(m.authorId, m.auteurNom, m.auteurPrenom),
  soldeApres: m.soldeApres,
});
