/**
 * What a bank line is proposed to pay (issue 34), pure: the invoice numbers its text names (FA-2026-0001,
 * as the invoice's transfer QR code writes it; banks sometimes drop or space the dashes) → an exact match
 * when they are one entity's open invoices and the line pays exactly what they leave due; otherwise, an
 * open invoice whose due is the line's amount, of the entity the text or the payer's name names, or whose
 * IBAN paid for it before → a suggestion the treasurer checks. A fee call named as lodges write it
 * (« Cotisations 2026-2027 1er tiers », « COTIS 2026 T2 ») is the open fee-call invoices of that year
 * and instalment of the lodge the transfer names (or whose IBAN paid before): exact when they are due
 * for the line's amount.
 */
import { Instalment, euros, yearLabel, type BankProposal } from '@union/contract';

export interface OpenInvoice {
  id: number;
  numeroFacture: string | null;
  entityId: number;
  entite: string;
  du: number;
  /** A fee call's invoice: its masonic year and instalment (A, B, C, D). */
  appel?: { annee: number; tranche: string } | null;
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
  /** The open fee-call invoices of each masonic year. */
  byYear: Map<number, OpenInvoice[]>;
  /** The entities each payer's IBAN paid for before. */
  byIban: Map<string, Set<number>>;
}

export function matchIndex(
  invoices: OpenInvoice[],
  known: { iban: string | null; entityId: number }[],
): MatchIndex {
  const byNumber = new Map<string, OpenInvoice>();
  const byAmount = new Map<number, OpenInvoice[]>();
  const byYear = new Map<number, OpenInvoice[]>();
  for (const invoice of invoices) {
    if (invoice.numeroFacture) byNumber.set(invoice.numeroFacture, invoice);
    byAmount.set(invoice.du, [...(byAmount.get(invoice.du) ?? []), invoice]);
    const year = invoice.appel?.annee;
    if (year !== undefined) byYear.set(year, [...(byYear.get(year) ?? []), invoice]);
  }
  const byIban = new Map<string, Set<number>>();
  for (const { iban, entityId } of known)
    if (iban) byIban.set(iban, (byIban.get(iban) ?? new Set()).add(entityId));
  return { byNumber, byAmount, byYear, byIban };
}

/**
 * The fee call a text names, as lodges write it: « COTIS… », the masonic year (« 2026 », « 2026-2027 »)
 * and, when given, the instalment (« 1er tiers », « T2 », « tranche 3 », « régularisation »).
 */
export function feeCallOf(text: string): { annee: number; tranche: string | null } | null {
  const t = ` ${plain(text)} `;
  if (!/ COTIS/.test(t)) return null;
  const year = / (20\d\d)(?: (?:20)?\d\d)? /.exec(t);
  if (!year) return null;
  const third = / (?:T|TRANCHE |TIERS )([123]) | ([123])(?:ER|ERE|E|EME)? ?TIERS /.exec(
    t.replace(year[0], '  '),
  );
  const digit = third?.[1] ?? third?.[2];
  const tranche = / REGUL/.test(t) ? 'D' : digit ? 'ABC'[Number(digit) - 1]! : null;
  return { annee: Number(year[1]), tranche };
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

/** The entities among `invoices` the text or the payer's name names, else those whose IBAN paid before. */
function namedEntities(line: MatchLine, index: MatchIndex, invoices: OpenInvoice[]): Set<number> {
  const text = ` ${plain(`${line.libelle} ${line.contrepartie ?? ''}`)} `;
  const named = new Set(invoices.filter((i) => text.includes(` ${plain(i.entite)} `)).map((i) => i.entityId));
  if (named.size) return named;
  const payers = line.ibanContrepartie ? index.byIban.get(line.ibanContrepartie) : undefined;
  return new Set(invoices.filter((i) => payers?.has(i.entityId)).map((i) => i.entityId));
}

/** A fee call named in the text: that year's (and instalment's) open fee-call invoices of one lodge. */
function byFeeCall(line: MatchLine, index: MatchIndex): BankProposal | null {
  const call = feeCallOf(line.libelle);
  if (!call) return null;
  const ofCall = (index.byYear.get(call.annee) ?? []).filter(
    (i) => call.tranche === null || i.appel?.tranche === call.tranche,
  );
  const entities = namedEntities(line, index, ofCall);
  if (entities.size !== 1) return null;
  const [entityId] = entities;
  const invoices = ofCall.filter((i) => i.entityId === entityId);
  const what = `l’appel de cotisation ${yearLabel(call.annee)}${call.tranche ? `, ${Instalment.labels[call.tranche as Instalment]}` : ''} de ${invoices[0]!.entite}`;
  const due = invoices.reduce((s, i) => s + i.du, 0);
  if (due === line.montant)
    return proposal(
      'exacte',
      invoices,
      invoices.map((i) => i.du),
      `Le libellé cite ${what}, pour le montant dû.`,
    );
  const parts = allocate(invoices, line.montant).filter((p) => p > 0);
  return proposal(
    'suggestion',
    invoices.slice(0, parts.length),
    parts,
    line.montant < due
      ? `Le libellé cite ${what} : paiement partiel (${euros(due)} dus).`
      : `Le libellé cite ${what} : le reste (${euros(line.montant - due)}) irait au crédit de la loge.`,
  );
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
  const fees = byFeeCall(line, index);
  if (fees) return fees;
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
