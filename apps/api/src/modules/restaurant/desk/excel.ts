/** The cards' balances at a date as a workbook (issue 21): one row per card, amounts in euros with cents. */
import { frenchDate } from '../../../lib/dates';
import type { CardBalances } from '@union/contract';
import { EXCEL_EUROS, listSheet, newWorkbook } from '../../../lib/excel';

export async function balancesWorkbook(b: CardBalances): Promise<Buffer> {
  const wb = newWorkbook();
  const sheet = listSheet(wb, 'Soldes des cartes', [
    { header: 'Titulaire', key: 'titulaire', width: 40 },
    { header: 'Carte', key: 'carte', width: 14 },
    { header: 'Solde', key: 'solde', width: 16, style: { numFmt: EXCEL_EUROS } },
  ]);
  for (const c of b.cartes) {
    sheet.addRow({ titulaire: c.titulaire, carte: c.idEntite ? 'Loge' : 'Membre', solde: c.solde / 100 });
  }
  sheet.addRow({});
  const total = (label: string, cents: number) => {
    const row = sheet.addRow({ titulaire: label, solde: cents / 100 });
    row.font = { bold: true };
  };
  total('Total des cartes des membres', b.totalMembres);
  total('Total des cartes des loges', b.totalEntites);
  total(`Total dû par l'Union au ${frenchDate(b.date)}`, b.total);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
