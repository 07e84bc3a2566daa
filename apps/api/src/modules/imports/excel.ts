/**
 * The members workbook of an entity. Its first five columns are those of the import, under the same
 * titles, so an exported list can be corrected in a spreadsheet and imported back.
 */
import { IMPORT_COLUMNS } from '@union/contract';
import { EXCEL_DAY, excelDay, listSheet, newWorkbook, sheetName } from '../../lib/excel';

export interface MemberLine {
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  identifiant: string;
  fonction: string | null;
  debut: string | null;
  fin: string | null;
  gestion: boolean;
  reservation: boolean;
  restauration: boolean;
  carteLoge: boolean;
}

const yesNo = (flag: boolean) => (flag ? 'Oui' : 'Non');

/** Builds the .xlsx file of an entity's members. */
export async function membersWorkbook(entityName: string, members: MemberLine[]): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = listSheet(workbook, sheetName(entityName, 'Membres'), [
    { header: IMPORT_COLUMNS.nom.titre, key: 'nom', width: 22 },
    { header: IMPORT_COLUMNS.prenom.titre, key: 'prenom', width: 18 },
    { header: IMPORT_COLUMNS.email.titre, key: 'email', width: 34 },
    { header: IMPORT_COLUMNS.telephone.titre, key: 'telephone', width: 16 },
    { header: IMPORT_COLUMNS.fonction.titre, key: 'fonction', width: 22 },
    { header: 'Identifiant', key: 'identifiant', width: 22 },
    { header: 'Début', key: 'debut', width: 12, style: { numFmt: EXCEL_DAY } },
    { header: 'Fin', key: 'fin', width: 12, style: { numFmt: EXCEL_DAY } },
    { header: 'Gestion', key: 'gestion', width: 10 },
    { header: 'Réservation', key: 'reservation', width: 12 },
    { header: 'Restauration', key: 'restauration', width: 13 },
    { header: 'Carte loge', key: 'carteLoge', width: 11 },
  ]);
  for (const m of members) {
    sheet.addRow({
      ...m,
      telephone: m.telephone ?? '',
      fonction: m.fonction ?? '',
      debut: excelDay(m.debut),
      fin: excelDay(m.fin),
      gestion: yesNo(m.gestion),
      reservation: yesNo(m.reservation),
      restauration: yesNo(m.restauration),
      carteLoge: yesNo(m.carteLoge),
    });
  }
  sheet.autoFilter = { from: 'A1', to: { row: 1, column: sheet.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
