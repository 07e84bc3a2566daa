/** Planning entries → contract DTOs. */
import { hhmmOf, ruleLabel, type PlanningEntry } from '@union/contract';
import type { PlanningEntryRow } from './repository';

export function presentEntry(row: PlanningEntryRow): PlanningEntry {
  const e = row.entry;
  return {
    id: e.id,
    annee: e.annee,
    idEntite: e.entityId,
    entite: row.entite,
    idSalle: e.roomId,
    salle: row.salle,
    couleurSalle: row.couleurSalle,
    type: e.type,
    libelle: e.libelle,
    heureDebut: hhmmOf(e.debut),
    heureFin: hhmmOf(e.fin),
    regle: e.regle,
    regleLibelle: ruleLabel(e.regle),
    mois: e.mois,
  };
}
