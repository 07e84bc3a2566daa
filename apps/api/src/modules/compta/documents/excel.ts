/** The accounting workbooks: the search results, and the fee-call table of a year (DECISIONS §4). */
import {
  Instalment,
  OrderState,
  OrderType,
  yearLabel,
  type FeeTableRow,
  type OrderSummary,
} from '@union/contract';
import type ExcelJS from 'exceljs';
import { EXCEL_DAY, EXCEL_EUROS, excelDay, listSheet, newWorkbook } from '../../../lib/excel';

const money = (cents: number) => cents / 100;

export async function ordersWorkbook(rows: OrderSummary[]): Promise<Buffer> {
  const wb = newWorkbook();
  const sheet = listSheet(wb, 'Factures et devis', [
    { header: 'N° facture', key: 'numeroFacture', width: 15 },
    { header: 'N° devis', key: 'numeroDevis', width: 15 },
    { header: 'N° avoir', key: 'numeroAvoir', width: 15 },
    { header: 'Type', key: 'type', width: 20 },
    { header: 'État', key: 'etat', width: 22 },
    { header: 'Loge ou association', key: 'entite', width: 32 },
    { header: 'Année', key: 'annee', width: 11 },
    { header: 'Tranche', key: 'tranche', width: 14 },
    { header: 'Objet', key: 'objet', width: 40 },
    { header: 'Date de facture', key: 'dateFacture', width: 14, style: { numFmt: EXCEL_DAY } },
    { header: 'Échéance', key: 'dateEcheance', width: 14, style: { numFmt: EXCEL_DAY } },
    { header: 'Montant', key: 'total', width: 14, style: { numFmt: EXCEL_EUROS } },
    { header: 'Payé', key: 'paye', width: 14, style: { numFmt: EXCEL_EUROS } },
    { header: 'Reste dû', key: 'reste', width: 14, style: { numFmt: EXCEL_EUROS } },
    { header: 'En retard', key: 'enRetard', width: 10 },
  ]);
  for (const o of rows) {
    sheet.addRow({
      numeroFacture: o.numeroFacture,
      numeroDevis: o.numeroDevis,
      numeroAvoir: o.numeroAvoir,
      type: OrderType.labels[o.type],
      etat: OrderState.labels[o.etat],
      entite: o.entite.nom,
      annee: yearLabel(o.annee),
      tranche: o.tranche ? Instalment.labels[o.tranche] : null,
      objet: o.objet,
      dateFacture: excelDay(o.dateFacture),
      dateEcheance: excelDay(o.dateEcheance),
      total: money(o.total),
      paye: money(o.paye),
      reste: o.etat === 'FE' ? money(o.total - o.paye) : 0,
      enRetard: o.enRetard ? 'Oui' : 'Non',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function feeTableWorkbook(annee: number, rows: FeeTableRow[]): Promise<Buffer> {
  const wb = newWorkbook();
  const columns: Partial<ExcelJS.Column>[] = [
    { header: 'Loge ou association', key: 'entite', width: 34 },
    { header: 'Type', key: 'type', width: 30 },
    { header: 'Membres actifs', key: 'membres', width: 14 },
  ];
  for (const t of ['A', 'B', 'C', 'D'] as const) {
    columns.push(
      {
        header: `${Instalment.labels[t]} appelé`,
        key: `${t}appele`,
        width: 16,
        style: { numFmt: EXCEL_EUROS },
      },
      { header: `${Instalment.labels[t]} payé`, key: `${t}paye`, width: 16, style: { numFmt: EXCEL_EUROS } },
    );
  }
  columns.push(
    { header: 'Total appelé', key: 'appele', width: 16, style: { numFmt: EXCEL_EUROS } },
    { header: 'Total payé', key: 'paye', width: 16, style: { numFmt: EXCEL_EUROS } },
    { header: 'Reste dû', key: 'reste', width: 16, style: { numFmt: EXCEL_EUROS } },
  );
  const sheet = listSheet(wb, `Cotisations ${yearLabel(annee)}`, columns);
  const sums = { appele: 0, paye: 0 };
  for (const r of rows) {
    const values: Record<string, unknown> = { entite: r.entite.nom, type: r.type, membres: r.membres };
    for (const t of ['A', 'B', 'C', 'D'] as const) {
      const cell = r.tranches[t];
      values[`${t}appele`] = cell ? money(cell.appele) : null;
      values[`${t}paye`] = cell ? money(cell.paye) : null;
    }
    Object.assign(values, { appele: money(r.appele), paye: money(r.paye), reste: money(r.reste) });
    sums.appele += r.appele;
    sums.paye += r.paye;
    sheet.addRow(values);
  }
  const total = sheet.addRow({
    entite: 'Total',
    appele: money(sums.appele),
    paye: money(sums.paye),
    reste: money(sums.appele - sums.paye),
  });
  total.font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
