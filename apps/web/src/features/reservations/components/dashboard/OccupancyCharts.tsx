/** Room occupancy over the season: hours booked per month and room, and each room's share of its open hours. */
import { SimpleGrid } from '@mantine/core';
import type { RoomOccupancy } from '@union/contract';
import { ChartPanel, type ChartRow } from '../../../../components/charts/ChartPanel';
import { shortMonthLabel } from '../../../../lib/dates';
import { formatNumber } from '../../../../lib/format';

const hours = (minutes: number) => Math.round(minutes / 6) / 10;

export function OccupancyCharts({ salles }: { salles: RoomOccupancy[] }) {
  const months = salles[0]?.mois.map((m) => m.mois) ?? [];
  const byMonth: ChartRow[] = months.map((mois, i) => ({
    mois,
    label: shortMonthLabel(mois),
    ...Object.fromEntries(salles.map((s) => [`s${s.id}`, hours(s.mois[i]?.minutes ?? 0)])),
  }));
  const busiest = [...salles].sort((a, b) => b.taux - a.taux)[0];
  const total = hours(salles.reduce((sum, s) => sum + s.minutes, 0));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartPanel
        title="Heures réservées par mois"
        summary={`${formatNumber(total)} heures réservées et confirmées cette saison, toutes salles confondues.`}
        kind="bar"
        data={byMonth}
        categoryKey="label"
        categoryLabel="Mois"
        series={salles.map((s) => ({ key: `s${s.id}`, label: s.nom }))}
        rowHref={(row) => `/app/reservations/planning?date=${String(row.mois)}-01&vue=semaine`}
        minWidth={Math.max(320, 12 * (24 + 10 * salles.length))}
        empty="Aucune salle."
      />
      <ChartPanel
        title="Occupation de chaque salle"
        summary={
          busiest
            ? `Part des heures ouvertes (8 h – 23 h, jours de fermeture exclus) réservée cette saison ; ${busiest.nom} est la plus occupée (${formatNumber(busiest.taux)} %).`
            : 'Aucune salle.'
        }
        kind="bar"
        horizontal
        data={salles.map((s) => ({ salle: s.nom, taux: s.taux }))}
        categoryKey="salle"
        categoryLabel="Salle"
        series={[{ key: 'taux', label: 'Occupation (% des heures ouvertes)' }]}
        height={Math.max(160, salles.length * 40)}
        empty="Aucune salle."
      />
    </SimpleGrid>
  );
}
