/** The card holders' prepaid balances at the end of each of the last twelve months (one call). */
import type { DashboardCards } from '@union/contract';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { monthLabel, shortMonthLabel } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/format';

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
      data={data.mois.map((m) => ({ ...m, libelle: shortMonthLabel(m.mois, { twoDigitYear: true }) }))}
      categoryKey="libelle"
      categoryLabel="Fin du mois"
      series={[{ key: 'solde', label: 'Solde des cartes' }]}
      unit="money"
      minWidth={640}
    />
  );
}
