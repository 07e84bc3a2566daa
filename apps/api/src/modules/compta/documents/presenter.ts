/** An order as its documents show it: the facts the PDF layout and the Factur-X XML read. */
import type { UnionSettings } from '@union/contract';
import type { EntityRow } from '../../entities/entity-repository';
import { presentLine } from '../amounts';
import type { LineRow, OrderRow } from '../order-records/repository';
import type { DocumentKind, OrderDocument } from './document';

export function presentDocument(
  kind: DocumentKind,
  order: OrderRow,
  parts: {
    entity: Pick<EntityRow, 'nom' | 'adresseFacturation' | 'emailFacturation'>;
    lines: LineRow[];
    paye: number;
    union: UnionSettings;
    relance?: { niveau: number; date: string };
  },
): OrderDocument {
  return {
    kind,
    union: parts.union,
    entite: {
      nom: parts.entity.nom,
      adresseFacturation: parts.entity.adresseFacturation,
      emailFacturation: parts.entity.emailFacturation,
    },
    objet: order.objet,
    numeroDevis: order.numeroDevis,
    numeroFacture: order.numeroFacture,
    numeroAvoir: order.numeroAvoir,
    dateDevis: order.dateDevis,
    dateFacture: order.dateFacture,
    dateEcheance: order.dateEcheance,
    dateAvoir: order.dateAvoir,
    lignes: parts.lines.map(presentLine),
    total: order.total,
    paye: parts.paye,
    relance: parts.relance,
    brouillon: kind === 'facture' && !order.numeroFacture,
  };
}
