/**
 * The dashboard's figures in Excel (issue 33): one sheet per chart, amounts in euros with the house's
 * money format (lib/excel.ts), each sheet headed by what it shows and when.
 */
import {
  AGED_BUCKET_LABELS,
  MONTH_LABELS,
  type DashboardCards,
  type DashboardDue,
  type DashboardMonths,
  type DashboardReceivables,
} from '@union/contract';
import type ExcelJS from 'exceljs';
import { EXCEL_EUROS, newWorkbook } from '../../../lib/excel';

const LEVELS = ['Rappel de paiement', 'Deuxième relance', 'Mise en demeure'];
const euros = (cents: number) => cents / 100;

interface Column {
  header: string;
  width: number;
  money?: boolean;
}

function sheet(
  wb: ExcelJS.Workbook,
  name: string,
  title: string,
  columns: Column[],
  rows: (string | number)[][],
) {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 3 }] });
  ws.getCell('A1').value = title;
  ws.getCell('A1').font = { bold: true, size: 13 };
  ws.columns = columns.map((c) => ({ width: c.width, style: c.money ? { numFmt: EXCEL_EUROS } : {} }));
  const head = ws.getRow(3);
  head.values = columns.map((c) => c.header);
  head.font = { bold: true };
  for (const row of rows) ws.addRow(row.map((v, i) => (columns[i]!.money ? euros(v as number) : v)));
}

export interface DashboardFigures {
  receivables: DashboardReceivables;
  months: DashboardMonths;
  cards: DashboardCards;
  due: DashboardDue;
}

export async function dashboardWorkbook(f: DashboardFigures): Promise<Buffer> {
  const wb = newWorkbook();
  const day = f.receivables.date.split('-').reverse().join('/');
  const bands = ['j0a30', 'j31a60', 'j61a90', 'plus90'] as const;
  const owed = f.receivables.lignes;
  sheet(
    wb,
    'Créances par ancienneté',
    `Créances échues par ancienneté au ${day}`,
    [
      { header: 'Loge ou association', width: 34 },
      ...bands.map((b) => ({ header: AGED_BUCKET_LABELS[b], width: 16, money: true })),
    ],
    owed.map((l) => [l.entite.nom, ...bands.map((b) => l[b])]),
  );
  sheet(
    wb,
    'Dû par loge',
    `Ce que doit chaque loge au ${day}`,
    [
      { header: 'Loge ou association', width: 34 },
      { header: 'En retard', width: 16, money: true },
      { header: 'Pas encore échu', width: 16, money: true },
      { header: 'Total dû', width: 16, money: true },
    ],
    owed.map((l) => [l.entite.nom, l.total - l.nonEchu, l.nonEchu, l.total]),
  );
  const { annee } = f.months;
  sheet(
    wb,
    'Facturé et encaissé',
    `Facturé et encaissé par mois, exercice ${annee} et ${annee - 1}`,
    [
      { header: 'Mois', width: 14 },
      { header: `Facturé ${annee}`, width: 16, money: true },
      { header: `Encaissé ${annee}`, width: 16, money: true },
      { header: `Facturé ${annee - 1}`, width: 16, money: true },
      { header: `Encaissé ${annee - 1}`, width: 16, money: true },
    ],
    f.months.mois.map((m) => [MONTH_LABELS[m.mois]!, m.facture, m.encaisse, m.factureAvant, m.encaisseAvant]),
  );
  sheet(
    wb,
    'Soldes des cartes',
    'Soldes prépayés des cartes Union en fin de mois',
    [
      { header: 'Mois', width: 14 },
      { header: 'Solde des cartes', width: 18, money: true },
      { header: 'Crédits du mois', width: 16, money: true },
      { header: 'Débits du mois', width: 16, money: true },
    ],
    f.cards.mois.map((m) => [m.mois, m.solde, m.credits, m.debits]),
  );
  sheet(
    wb,
    'Relances à envoyer',
    `Relances à envoyer au ${day}`,
    [
      { header: 'Niveau', width: 22 },
      { header: 'Factures', width: 10 },
      { header: 'Reste dû', width: 16, money: true },
    ],
    f.due.relances.map((r) => [LEVELS[r.niveau - 1]!, r.factures, r.montant]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
