/** What the SEPA calls answer: plain values from the rows (pure). */
import {
  sepaReturnReason,
  type LodgeDirectDebits,
  type Mandate,
  type SepaBatch,
  type SepaBatchState,
} from '@union/contract';
import type { BatchRow, MandateRow } from './repository';

const STATES: Record<BatchRow['etat'], SepaBatchState> = {
  P: 'PREPARE',
  T: 'TRANSMIS',
  A: 'ANNULE',
  E: 'ENCAISSE',
};

/** A debit returned by the bank: its reason code, its French text and the day; null while it stands. */
export const returnOf = (d: { motifRetour: string | null; retourLe: string | null }) =>
  d.motifRetour && d.retourLe
    ? { code: d.motifRetour, motif: sepaReturnReason(d.motifRetour), date: d.retourLe }
    : null;
export const batchState = (etat: BatchRow['etat']) => STATES[etat];

export function presentMandate(m: MandateRow, entite: string): Mandate {
  return {
    id: m.id,
    idEntite: m.entityId,
    entite,
    rum: m.rum,
    dateSignature: m.dateSignature,
    debiteur: m.debiteur,
    iban: m.iban,
    bic: m.bic,
    sequence: m.sequence,
    pdf: m.fileId !== null,
    revoqueLe: m.revoqueLe,
    motifRevocation: m.motifRevocation,
  };
}

export interface LineFacts {
  id: number;
  entityId: number;
  entite: string;
  orderId: number;
  numeroFacture: string | null;
  montant: number;
  rum: string;
  sequence: 'FRST' | 'RCUR';
  motifRetour: string | null;
  retourLe: string | null;
}

export function presentBatch(b: BatchRow, lines: LineFacts[]): SepaBatch {
  return {
    id: b.id,
    reference: b.messageId,
    datePrelevement: b.datePrelevement,
    etat: batchState(b.etat),
    iban: b.iban,
    total: lines.reduce((t, l) => t + l.montant, 0),
    nombre: lines.length,
    creeLe: b.createdAt.toISOString(),
    lignes: lines.map((l) => ({
      id: l.id,
      idEntite: l.entityId,
      entite: l.entite,
      idCommande: l.orderId,
      numeroFacture: l.numeroFacture ?? '',
      montant: l.montant,
      rum: l.rum,
      sequence: l.sequence,
      retour: returnOf(l),
    })),
  };
}

/** An IBAN as a lodge officer reads it: its country, check digits and last four characters. */
export const maskedIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

export function presentLodge(
  mandate: MandateRow | undefined,
  ics: string | null,
  debits: {
    datePrelevement: string;
    etat: BatchRow['etat'];
    numeroFacture: string | null;
    montant: number;
    motifRetour: string | null;
    retourLe: string | null;
  }[],
): LodgeDirectDebits {
  return {
    mandat: mandate
      ? {
          rum: mandate.rum,
          dateSignature: mandate.dateSignature,
          iban: maskedIban(mandate.iban),
          revoqueLe: mandate.revoqueLe,
        }
      : null,
    ics,
    prelevements: debits.map((d) => ({
      datePrelevement: d.datePrelevement,
      numeroFacture: d.numeroFacture ?? '',
      montant: d.montant,
      etat: batchState(d.etat),
      retour: returnOf(d),
    })),
  };
}
