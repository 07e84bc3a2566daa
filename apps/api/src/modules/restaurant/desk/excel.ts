/** The cards' balances at a date as a workbook (issue 21): one row per card, amounts in euros with cents. */
import { frenchDate } from '../../../lib/dates';
import type { CardBalances } from '@union/contract';
import ExcelJS from 'exceljs';

const EUROS = '# ##0,00 €;-# ##0,00 €';

export async function balancesWorkbook(b: CardBalances): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Intranet de l'Union";
  wb.created = new Date();
  const sheet = wb.addWorksheet('Soldes des cartes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Titulaire', key: 'titulaire', width: 40 },
    { header: 'Carte', key: 'carte', width: 14 },
    { header: 'Solde', key: 'solde', width: 16, style: { numFmt: EUROS } },
  ];
  sheet.getRow(1).font = { bold: true };
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
