/**
 * The treasurer's dashboard in Excel (issue 33): one sheet per chart through the house's one way
 * (lib/excel.ts `figuresWorkbook`), amounts in euros with the money format.
 */
import {
  AGED_BUCKET_LABELS,
  MONTH_LABELS,
  type DashboardCards,
  type DashboardDue,
  type DashboardMonths,
  type DashboardReceivables,
} from '@union/contract';
import { figuresWorkbook, frenchDay } from '../../../lib/excel';

const LEVELS = ['Rappel de paiement', 'Deuxième relance', 'Mise en demeure'];

export interface DashboardFigures {
  receivables: DashboardReceivables;
  months: DashboardMonths;
  cards: DashboardCards;
  due: DashboardDue;
}

export function dashboardWorkbook(f: DashboardFigures): Promise<Buffer> {
  const day = frenchDay(f.receivables.date);
  const bands = ['j0a30', 'j31a60', 'j61a90', 'plus90'] as const;
  const owed = f.receivables.lignes;
  const { annee } = f.months;
  const lodge = { header: 'Loge ou association', width: 34 };
  const money = (header: string, width = 16) => ({ header, width, kind: 'money' as const });
  return figuresWorkbook([
    {
      name: 'Créances par ancienneté',
      title: `Créances échues par ancienneté au ${day}`,
      columns: [lodge, ...bands.map((b) => money(AGED_BUCKET_LABELS[b]))],
      rows: owed.map((l) => [l.entite.nom, ...bands.map((b) => l[b])]),
    },
    {
      name: 'Dû par loge',
      title: `Ce que doit chaque loge au ${day}`,
      columns: [lodge, money('En retard'), money('Pas encore échu'), money('Total dû')],
      rows: owed.map((l) => [l.entite.nom, l.total - l.nonEchu, l.nonEchu, l.total]),
    },
    {
      name: 'Facturé et encaissé',
      title: `Facturé et encaissé par mois, exercice ${annee} et ${annee - 1}`,
      columns: [
        { header: 'Mois', width: 14 },
        money(`Facturé ${annee}`),
        money(`Encaissé ${annee}`),
        money(`Facturé ${annee - 1}`),
        money(`Encaissé ${annee - 1}`),
      ],
      rows: f.months.mois.map((m) => [
        MONTH_LABELS[m.mois]!,
        m.facture,
        m.encaisse,
        m.factureAvant,
        m.encaisseAvant,
      ]),
    },
    {
      name: 'Soldes des cartes',
      title: 'Soldes prépayés des cartes Union en fin de mois',
      columns: [
        { header: 'Mois', width: 14 },
        money('Solde des cartes', 18),
        money('Crédits du mois'),
        money('Débits du mois'),
      ],
      rows: f.cards.mois.map((m) => [m.mois, m.solde, m.credits, m.debits]),
    },
    {
      name: 'Relances à envoyer',
      title: `Relances à envoyer au ${day}`,
      columns: [{ header: 'Niveau', width: 22 }, { header: 'Factures', width: 10 }, money('Reste dû')],
      rows: f.due.relances.map((r) => [LEVELS[r.niveau - 1]!, r.factures, r.montant]),
    },
  ]);
}
