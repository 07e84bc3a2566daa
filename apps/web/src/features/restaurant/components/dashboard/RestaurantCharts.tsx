/** The restaurant dashboard's season charts: covers per meal, dishes ordered, takings and top-ups per week. */
import { SimpleGrid } from '@mantine/core';
import { plural, type RestaurantDashboard } from '@union/contract';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { formatCents } from '../../../../lib/format';
import { mealLabel, weekLabel, weekOfMeals } from './season';

const total = (rows: Record<string, unknown>[], key: string) =>
  rows.reduce((sum, r) => sum + (typeof r[key] === 'number' ? r[key] : 0), 0);

/** Wide enough for each bar to be read; the panel scrolls sideways inside its box beyond the screen. */
const widthFor = (bars: number, each: number) => Math.max(320, bars * each);

export function CoversChart({ repas }: Pick<RestaurantDashboard, 'repas'>) {
  const data = repas.map((m) => ({ ...m, repas: mealLabel(m) }));
  const booked = total(data, 'reserves');
  const paid = total(data, 'payes');
  return (
    <ChartPanel
      title="Couverts par repas"
      summary={`${repas.length} repas cette saison, ${plural(booked, 'couvert')} réservé${booked > 1 ? 's' : ''} dont ${paid} payé${paid > 1 ? 's' : ''}.`}
      kind="bar"
      data={data}
      categoryKey="repas"
      categoryLabel="Repas"
      series={[
        { key: 'reserves', label: 'Couverts réservés' },
        { key: 'payes', label: 'Couverts payés' },
      ]}
      rowHref={(row) => weekOfMeals(String(row.date))}
      minWidth={widthFor(data.length, 54)}
      empty="Aucun repas cette saison."
    />
  );
}

export function DishesChart({ plats }: Pick<RestaurantDashboard, 'plats'>) {
  const first = plats[0];
  return (
    <ChartPanel
      title="Plats les plus commandés"
      summary={
        first
          ? `${first.libelle} vient en tête avec ${first.quantite} portions commandées cette saison.`
          : 'Aucun plat commandé cette saison.'
      }
      kind="bar"
      horizontal
      data={plats.map((p) => ({ plat: p.libelle, quantite: p.quantite }))}
      categoryKey="plat"
      categoryLabel="Plat"
      series={[{ key: 'quantite', label: 'Portions commandées' }]}
      height={Math.max(200, plats.length * 44)}
      empty="Aucun plat commandé cette saison."
    />
  );
}

export function MoneyCharts({
  encaissements,
  rechargements,
}: Pick<RestaurantDashboard, 'encaissements' | 'rechargements'>) {
  const takings = encaissements.map((w) => ({ ...w, label: weekLabel(w.semaine) }));
  const topUps = rechargements.map((w) => ({ ...w, label: weekLabel(w.semaine) }));
  const taken =
    total(takings, 'carte') + total(takings, 'especes') + total(takings, 'cheque') + total(takings, 'bar');
  const fromCards = total(takings, 'carteUnion');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartPanel
        title="Encaissements par semaine"
        summary={
          `${formatCents(taken)} encaissés cette saison. Les repas réglés par carte Union ` +
          `(${formatCents(fromCards)}) n’y sont pas : leur argent est entré au rechargement.`
        }
        kind="stacked"
        unit="money"
        data={takings}
        categoryKey="label"
        categoryLabel="Semaine"
        series={[
          { key: 'carte', label: 'Carte bancaire (en ligne)' },
          { key: 'especes', label: 'Espèces (guichet)' },
          { key: 'cheque', label: 'Chèques (guichet)' },
          { key: 'bar', label: 'Repas payés au bar' },
        ]}
        rowHref={(row) => weekOfMeals(String(row.semaine))}
        minWidth={widthFor(takings.length, 44)}
        empty="Rien d’encaissé cette saison."
      />
      <ChartPanel
        title="Cartes rechargées par semaine"
        summary={`${plural(total(topUps, 'enLigne') + total(topUps, 'guichet'), 'rechargement')} cette saison, pour ${formatCents(total(topUps, 'montant'))}.`}
        kind="bar"
        data={topUps}
        categoryKey="label"
        categoryLabel="Semaine"
        series={[
          { key: 'enLigne', label: 'En ligne' },
          { key: 'guichet', label: 'Au guichet' },
          { key: 'cartes', label: 'Cartes différentes' },
        ]}
        rowHref={(row) => weekOfMeals(String(row.semaine))}
        minWidth={widthFor(topUps.length, 44)}
        empty="Aucune carte rechargée cette saison."
      />
    </SimpleGrid>
  );
}
