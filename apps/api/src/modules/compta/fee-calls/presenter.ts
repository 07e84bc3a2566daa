/** Fee calls and rentals as the contract shows them: the fee table of a year, the rentals a new order proposes. */
import {
  EntityType,
  yearLabel,
  type FeeTableRow,
  type Instalment,
  type OrderLine,
  type OrderState,
  type Preload,
} from '@union/contract';

/** The fee table's rows: per entity, each instalment called (once issued: a draft is prepared, not called) and paid. */
export function presentFeeTable(
  entities: readonly { id: number; nom: string; type: EntityType }[],
  calls: readonly {
    entityId: number;
    tranche: Instalment | null;
    etat: OrderState;
    total: number;
    paye: number;
  }[],
  membres: ReadonlyMap<number, number>,
): FeeTableRow[] {
  return entities.map((entity) => {
    const tranches: FeeTableRow['tranches'] = { A: null, B: null, C: null, D: null };
    for (const c of calls.filter((c) => c.entityId === entity.id && c.tranche)) {
      // A draft is prepared, not called: it counts once issued.
      tranches[c.tranche!] = {
        appele: c.etat.startsWith('F') && c.etat !== 'FC' ? c.total : 0,
        paye: c.paye,
      };
    }
    const cells = Object.values(tranches).filter((c) => c !== null);
    const appele = cells.reduce((sum, c) => sum + c.appele, 0);
    const paye = cells.reduce((sum, c) => sum + c.paye, 0);
    return {
      entite: { id: entity.id, nom: entity.nom },
      type: EntityType.labels[entity.type],
      membres: membres.get(entity.id) ?? 0,
      tranches,
      appele,
      paye,
      reste: appele - paye,
    };
  });
}

/** The rentals of a year not billed yet, as the lines of a new order and the sentence saying what they are. */
export function presentRentals(annee: number, entityName: string, lignes: OrderLine[]): Preload {
  const n = lignes.length;
  const s = n > 1 ? 's' : '';
  return {
    objet: `Locations de salles ${yearLabel(annee)}`,
    lignes,
    explication: n
      ? `${n} réservation${s} confirmée${s} non encore facturée${s} de ${yearLabel(annee)}, au tarif horaire de chaque salle.`
      : `Aucune réservation confirmée de ${yearLabel(annee)} ne reste à facturer pour « ${entityName} ».`,
  };
}
