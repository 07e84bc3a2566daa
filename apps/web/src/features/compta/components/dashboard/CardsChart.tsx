/** The card holders' prepaid balances at the end of each of the last twelve months (one call). */
import type { DashboardCards } from '@union/contract';
import { MONTH_LABELS } from '@union/contract';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { formatCents } from '../../../../lib/format';

const monthLabel = (mois: string) => `${MONTH_LABELS[Number(mois.slice(5, 7))]} ${mois.slice(0, 4)}`;
/** Twelve months side by side under a half-width chart: « déc. 25 », as French calendars abbreviate. */
const SHORT_MONTHS = [
  '',
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
const shortMonth = (mois: string) => `${SHORT_MONTHS[Number(mois.slice(5, 7))]} ${mois.slice(2, 4)}`;

export function CardsChart({ data }: { data: DashboardCards }) {
  const first = data.mois[0];
  const last = data.mois.at(-1);
  return (
    <ChartPanel
      title="Soldes prépayés des cartes Union"
      summary={
        first && last
          ? `Fin ${monthLabel(last.mois)}, ${formatCents(last.solde)} restent sur les cartes, contre ${formatCents(first.solde)} fin ${monthLabel(first.mois)}.`
          : 'Aucun mouvement de carte.'
      }
      kind="area"
      empty="Aucun euro sur les cartes ces douze derniers mois."
      data={data.mois.map((m) => ({ ...m, libelle: shortMonth(m.mois) }))}
      categoryKey="libelle"
      categoryLabel="Fin du mois"
      series={[{ key: 'solde', label: 'Solde des cartes' }]}
      unit="money"
      minWidth={640}
    />
  );
}
