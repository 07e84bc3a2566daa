/**
 * Aged receivables (balance âgée): what remains due on issued invoices, per entity, by days past the
 * due date counted at today (Paris): not yet due, 0–30, 31–60, 61–90, over 90. On screen and in Excel.
 */
import { AGED_BUCKET_LABELS, daysBetween, type AgedBuckets, type AgedReceivables } from '@union/contract';
import { EXCEL_EUROS, newWorkbook } from '../../../lib/excel';
import type { accountsRepository } from '../accounts/repository';

type Unpaid = Awaited<ReturnType<typeof accountsRepository.unpaidInvoices>>[number];

/** The bucket of an invoice due on `dueDate`: due today is 0 days past due; no due date is not due. */
export function bucketOf(dueDate: string | null, today: string): keyof Omit<AgedBuckets, 'total'> {
  if (dueDate === null) return 'nonEchu';
  const late = daysBetween(dueDate, today);
  if (late < 0) return 'nonEchu';
  if (late <= 30) return 'j0a30';
  if (late <= 60) return 'j31a60';
  if (late <= 90) return 'j61a90';
  return 'plus90';
}

const empty = (): AgedBuckets => ({ nonEchu: 0, j0a30: 0, j31a60: 0, j61a90: 0, plus90: 0, total: 0 });

export function presentAged(rows: Unpaid[], today: string): AgedReceivables {
  const byEntity = new Map<number, AgedReceivables['lignes'][number]>();
  const totaux = empty();
  for (const r of rows) {
    const reste = Number(r.reste);
    let line = byEntity.get(r.entite.id);
    if (!line) {
      line = { entite: r.entite, factures: 0, ...empty() };
      byEntity.set(r.entite.id, line);
    }
    const bucket = bucketOf(r.dateEcheance, today);
    line[bucket] += reste;
    line.total += reste;
    line.factures += 1;
    totaux[bucket] += reste;
    totaux.total += reste;
  }
  return { date: today, lignes: [...byEntity.values()], totaux };
}

export async function agedWorkbook(a: AgedReceivables): Promise<Buffer> {
  const wb = newWorkbook();
  // The date it stands at first (« Balance âgée au 28/11/2026 »): a file kept or forwarded says when.
  const sheet = wb.addWorksheet('Balance âgée', { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.getCell('A1').value = `Balance âgée au ${a.date.split('-').reverse().join('/')}`;
  sheet.getCell('A1').font = { bold: true, size: 13 };
  const money = { numFmt: EXCEL_EUROS };
  sheet.columns = [
    { key: 'entite', width: 34 },
    { key: 'factures', width: 10 },
    { key: 'nonEchu', width: 14, style: money },
    { key: 'j0a30', width: 14, style: money },
    { key: 'j31a60', width: 14, style: money },
    { key: 'j61a90', width: 14, style: money },
    { key: 'plus90', width: 16, style: money },
    { key: 'total', width: 14, style: money },
  ];
  const head = sheet.getRow(3);
  head.values = [
    'Loge ou association',
    'Factures',
    AGED_BUCKET_LABELS.nonEchu,
    AGED_BUCKET_LABELS.j0a30,
    AGED_BUCKET_LABELS.j31a60,
    AGED_BUCKET_LABELS.j61a90,
    AGED_BUCKET_LABELS.plus90,
    'Total dû',
  ];
  head.font = { bold: true };
  const euros = (b: AgedBuckets) => ({
    nonEchu: b.nonEchu / 100,
    j0a30: b.j0a30 / 100,
    j31a60: b.j31a60 / 100,
    j61a90: b.j61a90 / 100,
    plus90: b.plus90 / 100,
    total: b.total / 100,
  });
  for (const l of a.lignes) sheet.addRow({ entite: l.entite.nom, factures: l.factures, ...euros(l) });
  const total = sheet.addRow({
    entite: 'Total',
    factures: a.lignes.reduce((s, l) => s + l.factures, 0),
    ...euros(a.totaux),
  });
  total.font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
