/** The workbook of the accounts selected in the users' list (issue 33): one row per account. */
import { HABILITATIONS, UserState } from '@union/contract';
import { listSheet, newWorkbook } from '../../lib/excel';
import type { UserRow } from '../users/account-repository';

/** Builds the .xlsx file: the list's columns, then the habilitations by their French names. */
export async function usersWorkbook(rows: (UserRow & { villes: string | null })[]): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = listSheet(workbook, 'Utilisateurs', [
    { header: 'Nom', key: 'nom', width: 22 },
    { header: 'Prénom', key: 'prenom', width: 18 },
    { header: 'Identifiant', key: 'identifiant', width: 22 },
    { header: 'E-mail', key: 'email', width: 34 },
    { header: 'Téléphone', key: 'telephone', width: 16 },
    { header: 'Ville', key: 'villes', width: 22 },
    { header: 'État', key: 'etat', width: 10 },
    { header: 'Habilitations', key: 'habilitations', width: 60 },
  ]);
  for (const u of rows) {
    sheet.addRow({
      nom: u.nom,
      prenom: u.prenom,
      identifiant: u.identifiant,
      email: u.email,
      telephone: u.telephone ?? '',
      villes: u.villes ?? '',
      etat: UserState.labels[u.etat],
      habilitations: u.habilitations.map((h) => HABILITATIONS[h].libelle).join(', '),
    });
  }
  sheet.autoFilter = { from: 'A1', to: { row: 1, column: sheet.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
