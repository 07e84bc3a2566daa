/**
 * What a bank line is proposed to pay (issue 34), pure: the invoice numbers its text names (FA-2026-0001,
 * as the invoice's transfer QR code writes it; banks sometimes drop or space the dashes) → an exact match
 * when they are one entity's open invoices and the line pays exactly what they leave due; otherwise, an
 * open invoice whose due is the line's amount, of the entity the text or the payer's name names, or whose
 * IBAN paid for it before → a suggestion the treasurer checks.
 */
import { euros, type BankProposal } from '@union/contract';

export interface OpenInvoice {
  id: number;
  numeroFacture: string | null;
  entityId: number;
  entite: string;
  du: number;
}

export interface MatchLine {
  montant: number;
  libelle: string;
  contrepartie: string | null;
  ibanContrepartie: string | null;
}

export interface MatchIndex {
  byNumber: Map<string, OpenInvoice>;
  byAmount: Map<number, OpenInvoice[]>;
  /** The entities each payer's IBAN paid for before. */
  byIban: Map<string, Set<number>>;
}

export function matchIndex(
  invoices: OpenInvoice[],
  known: { iban: string | null; entityId: number }[],
): MatchIndex {
  const byNumber = new Map<string, OpenInvoice>();
  const byAmount = new Map<number, OpenInvoice[]>();
  for (const invoice of invoices) {
    if (invoice.numeroFacture) byNumber.set(invoice.numeroFacture, invoice);
    byAmount.set(invoice.du, [...(byAmount.get(invoice.du) ?? []), invoice]);
  }
  const byIban = new Map<string, Set<number>>();
  for (const { iban, entityId } of known)
    if (iban) byIban.set(iban, (byIban.get(iban) ?? new Set()).add(entityId));
  return { byNumber, byAmount, byIban };
}

/** The invoice numbers a text names, written as the Union numbers them (FA-YYYY-NNNN). */
export function invoiceNumbers(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.toUpperCase().matchAll(/\bFA[\s_-]?(\d{4})[\s_-]?(\d{4,6})\b/g))
    found.add(`FA-${m[1]}-${m[2]}`);
  return [...found];
}

/** Capitals without accents or punctuation, single spaces: « Tolérance & Progrès » → « TOLERANCE PROGRES ». */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

const proposal = (
  nature: BankProposal['nature'],
  invoices: OpenInvoice[],
  montants: number[],
  raison: string,
): BankProposal => ({
  nature,
  idEntite: invoices[0]!.entityId,
  entite: invoices[0]!.entite,
  factures: invoices.map((i, k) => ({
    idCommande: i.id,
    numeroFacture: i.numeroFacture!,
    montant: montants[k]!,
  })),
  raison,
});

/** The invoices named, paid in their order up to the line's amount. */
function allocate(invoices: OpenInvoice[], amount: number): number[] {
  let left = amount;
  return invoices.map((i) => {
    const part = Math.min(i.du, left);
    left -= part;
    return part;
  });
}

export function propose(line: MatchLine, index: MatchIndex): BankProposal | null {
  if (line.montant <= 0) return null;
  const named = invoiceNumbers(line.libelle)
    .map((n) => index.byNumber.get(n))
    .filter((i): i is OpenInvoice => !!i);
  const entities = new Set(named.map((i) => i.entityId));
  if (named.length && entities.size === 1) {
    const due = named.reduce((s, i) => s + i.du, 0);
    const numbers = named.map((i) => i.numeroFacture).join(', ');
    if (due === line.montant)
      return proposal(
        'exacte',
        named,
        named.map((i) => i.du),
        `Le libellé cite ${numbers}, pour le montant dû.`,
      );
    const parts = allocate(named, line.montant).filter((p) => p > 0);
    return proposal(
      'suggestion',
      named.slice(0, parts.length),
      parts,
      line.montant < due
        ? `Le libellé cite ${numbers} : paiement partiel (${euros(due)} dus).`
        : `Le libellé cite ${numbers} : le reste (${euros(line.montant - due)}) irait au crédit de la loge.`,
    );
  }
  const sameAmount = index.byAmount.get(line.montant) ?? [];
  if (!sameAmount.length) return null;
  const text = ` ${plain(`${line.libelle} ${line.contrepartie ?? ''}`)} `;
  const byName = sameAmount.find((i) => text.includes(` ${plain(i.entite)} `));
  if (byName)
    return proposal(
      'suggestion',
      [byName],
      [byName.du],
      `Même montant, et le virement nomme ${byName.entite}.`,
    );
  const payers = line.ibanContrepartie ? index.byIban.get(line.ibanContrepartie) : undefined;
  const byIban = payers && sameAmount.find((i) => payers.has(i.entityId));
  if (byIban)
    return proposal(
      'suggestion',
      [byIban],
      [byIban.du],
      `Même montant, et cet IBAN a déjà payé pour ${byIban.entite}.`,
    );
  return null;
}
