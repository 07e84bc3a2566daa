/**
 * The pain.008 file of a batch of SEPA Core direct debits (ISO 20022 « CustomerDirectDebitInitiation », as
 * the EPC's implementation guidelines use it), in version 001.02 (V02, which every French bank takes) or
 * 001.08 (V08, the EPC's current one), built with xmlbuilder2: escaping and well-formedness are the
 * library's, never a string put together by hand. One payment information block per sequence type (FRST,
 * RCUR), as the guidelines require; one transaction per invoice, its end-to-end id the invoice's number.
 * The two versions are one tree: what this file writes differs only by the namespace and the name of the
 * bank's BIC (`BIC` in V02, `BICFI` in V08), see {@link VERSIONS}. Pure: tested against both official
 * XSDs (test/sepa-pain008.test.ts, test/sepa.test.ts).
 */
import type { Pain008Version } from '@union/contract';
import { create } from 'xmlbuilder2';

/**
 * What differs between the versions in the elements written here. The rest was checked element by
 * element against both XSDs and is the same: the group header (`CreDtTm` an ISODateTime), `ReqdColltnDt`
 * (an ISODate in both: V08 did not make it a date-or-datetime choice, as pain.001.001.08 did for its
 * execution date), the identifiers (Max35Text), `Othr/Id` « NOTPROVIDED », the remittance text (Max140Text).
 * A name is Max140Text in both, cut at 70 as the EPC's guidelines ask; no postal address is written. V08's
 * BIC pattern is looser than V02's (digits allowed in the bank code), so a BIC valid in one is in both.
 */
const VERSIONS: Record<Pain008Version, { namespace: string; bic: 'BIC' | 'BICFI' }> = {
  '001.02': { namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.02', bic: 'BIC' },
  '001.08': { namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08', bic: 'BICFI' },
};

export interface PainDebit {
  /** The invoice's number: the end-to-end id the bank sends back with a reject. */
  endToEndId: string;
  montant: number;
  sequence: 'FRST' | 'RCUR';
  rum: string;
  dateSignature: string;
  debiteur: string;
  iban: string;
  bic: string | null;
  /** The remittance text the lodge reads on its statement. */
  libelle: string;
}

export interface PainBatch {
  messageId: string;
  /** The instant of the file's writing (ISO, UTC). */
  creeLe: string;
  datePrelevement: string;
  creancier: string;
  ics: string;
  iban: string;
  bic: string | null;
  debits: PainDebit[];
}

/**
 * A text in the characters the SEPA network carries (the EPC's Latin subset): accents dropped, anything
 * else a space, cut to `max`. A lodge's name « Les Écossais Réunis » travels as « Les Ecossais Reunis ».
 */
export function sepaText(text: string, max: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim() || '-';
}

/** Cents as the file writes an amount: 1234 → « 12.34 ». */
export const decimal = (cents: number) => (cents / 100).toFixed(2);

type Node = ReturnType<typeof create>;

/** A bank by its BIC, or « NOTPROVIDED » (allowed for SEPA debits inside the EEA since 2016). */
function agent(parent: Node, bic: string | null, version: Pain008Version) {
  const id = parent.ele('FinInstnId');
  if (bic) id.ele(VERSIONS[version].bic).txt(bic);
  else id.ele('Othr').ele('Id').txt('NOTPROVIDED');
}

function creditorScheme(parent: Node, ics: string) {
  parent
    .ele('CdtrSchmeId')
    .ele('Id')
    .ele('PrvtId')
    .ele('Othr')
    .ele('Id')
    .txt(ics)
    .up()
    .ele('SchmeNm')
    .ele('Prtry')
    .txt('SEPA');
}

function paymentInformation(
  doc: Node,
  b: PainBatch,
  sequence: 'FRST' | 'RCUR',
  debits: PainDebit[],
  version: Pain008Version,
) {
  const total = debits.reduce((t, d) => t + d.montant, 0);
  const pmt = doc.ele('PmtInf');
  pmt.ele('PmtInfId').txt(`${b.messageId}-${sequence}`);
  pmt.ele('PmtMtd').txt('DD');
  pmt.ele('BtchBookg').txt('true');
  pmt.ele('NbOfTxs').txt(String(debits.length));
  pmt.ele('CtrlSum').txt(decimal(total));
  const type = pmt.ele('PmtTpInf');
  type.ele('SvcLvl').ele('Cd').txt('SEPA');
  type.ele('LclInstrm').ele('Cd').txt('CORE');
  type.ele('SeqTp').txt(sequence);
  pmt.ele('ReqdColltnDt').txt(b.datePrelevement);
  pmt.ele('Cdtr').ele('Nm').txt(sepaText(b.creancier, 70));
  pmt.ele('CdtrAcct').ele('Id').ele('IBAN').txt(b.iban);
  agent(pmt.ele('CdtrAgt'), b.bic, version);
  pmt.ele('ChrgBr').txt('SLEV');
  creditorScheme(pmt, b.ics);
  for (const d of debits) {
    const tx = pmt.ele('DrctDbtTxInf');
    tx.ele('PmtId').ele('EndToEndId').txt(sepaText(d.endToEndId, 35));
    tx.ele('InstdAmt', { Ccy: 'EUR' }).txt(decimal(d.montant));
    const mandate = tx.ele('DrctDbtTx').ele('MndtRltdInf');
    mandate.ele('MndtId').txt(d.rum);
    mandate.ele('DtOfSgntr').txt(d.dateSignature);
    agent(tx.ele('DbtrAgt'), d.bic, version);
    tx.ele('Dbtr').ele('Nm').txt(sepaText(d.debiteur, 70));
    tx.ele('DbtrAcct').ele('Id').ele('IBAN').txt(d.iban);
    tx.ele('RmtInf').ele('Ustrd').txt(sepaText(d.libelle, 140));
  }
}

/** The batch's pain.008 document in `version`, UTF-8, indented. */
export function pain008(b: PainBatch, version: Pain008Version): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(VERSIONS[version].namespace, 'Document');
  const doc = root.ele('CstmrDrctDbtInitn');
  const header = doc.ele('GrpHdr');
  header.ele('MsgId').txt(b.messageId);
  header.ele('CreDtTm').txt(b.creeLe.replace(/\.\d{3}Z$/, 'Z'));
  header.ele('NbOfTxs').txt(String(b.debits.length));
  header.ele('CtrlSum').txt(decimal(b.debits.reduce((t, d) => t + d.montant, 0)));
  header.ele('InitgPty').ele('Nm').txt(sepaText(b.creancier, 70));
  for (const sequence of ['FRST', 'RCUR'] as const) {
    const debits = b.debits.filter((d) => d.sequence === sequence);
    if (debits.length) paymentInformation(doc, b, sequence, debits, version);
  }
  return root.end({ prettyPrint: true });
}
