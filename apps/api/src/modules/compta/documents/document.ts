/**
 * What an accounting document says, whichever form it takes: its PDF layout (pdf.ts) and, for an issued
 * invoice or a credit note, its Factur-X XML (facturx.ts) both read it, and the legal texts they share.
 */
import type { OrderLine, UnionSettings } from '@union/contract';

export type DocumentKind = 'devis' | 'facture' | 'avoir' | 'relance';

export interface OrderDocument {
  kind: DocumentKind;
  union: UnionSettings;
  entite: { nom: string; adresseFacturation: string | null; emailFacturation: string | null };
  objet: string;
  numeroDevis: string | null;
  numeroFacture: string | null;
  numeroAvoir: string | null;
  dateDevis: string | null;
  dateFacture: string | null;
  dateEcheance: string | null;
  dateAvoir: string | null;
  lignes: OrderLine[];
  total: number;
  paye: number;
  /** Reminder letters: the level (1 friendly, 2 formal, 3 formal notice) and the day it is written. */
  relance?: { niveau: number; date: string };
  /** A credit note of part of the invoice (it does not cancel it), and why it was made. */
  avoirPartiel?: boolean;
  motif?: string | null;
  /** A draft invoice has no number yet: its PDF says so in its title. */
  brouillon?: boolean;
}

/** The late-payment mentions French law requires on an invoice: its PDF's foot and its Factur-X note. */
export const PENALTIES_TEXT =
  "En cas de retard de paiement, des pénalités de retard sont exigibles au taux de trois fois le taux d'intérêt légal, " +
  'ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce). ' +
  "Pas d'escompte pour paiement anticipé.";
