/**
 * What the lodges owe (one call): the overdue amounts by age, stacked by lodge (the five largest debtors
 * and the others together), and each lodge's debt, overdue or not, whose bar opens its account.
 */
import { AGED_BUCKET_LABELS, type DashboardReceivables } from '@union/contract';
import { ChartPanel, type ChartRow } from '../../../../components/charts/ChartPanel';
import { formatCents } from '../../../../lib/format';
import { lodgeAccountPath, OVERDUE_PATH } from './links';

const BANDS = ['j0a30', 'j31a60', 'j61a90', 'plus90'] as const;
/** More lodges than this in one stack could not be told apart: the rest are summed as « Autres loges ». */
const STACKED_LODGES = 5;

type Line = DashboardReceivables['lignes'][number];
const overdue = (l: Line) => l.total - l.nonEchu;

function byAge(lignes: Line[]) {
  const late = lignes.filter((l) => overdue(l) > 0).sort((a, b) => overdue(b) - overdue(a));
  const shown = late.slice(0, STACKED_LODGES);
  const others = late.slice(STACKED_LODGES);
  const series = shown.map((l) => ({ key: `e${l.entite.id}`, label: l.entite.nom }));
  if (others.length > 0) series.push({ key: 'autres', label: `Autres loges (${others.length})` });
  const data: ChartRow[] = BANDS.map((band) => {
    const row: ChartRow = { age: AGED_BUCKET_LABELS[band] };
    for (const l of shown) row[`e${l.entite.id}`] = l[band];
    if (others.length > 0) row.autres = others.reduce((s, l) => s + l[band], 0);
    return row;
  });
  return { series, data, total: late.reduce((s, l) => s + overdue(l), 0) };
}

export function ReceivablesCharts({ data }: { data: DashboardReceivables }) {
  const ages = byAge(data.lignes);
  const over90 = data.lignes.reduce((s, l) => s + l.plus90, 0);
  const owed = data.lignes.map((l) => ({
    loge: l.entite.nom,
    idEntite: l.entite.id,
    retard: overdue(l),
    aEchoir: l.nonEchu,
  }));
  const total = data.lignes.reduce((s, l) => s + l.total, 0);
  const first = data.lignes[0];
  return (
    <>
      <ChartPanel
        title="Créances échues par ancienneté"
        summary={
          ages.total > 0
            ? `${formatCents(ages.total)} échus et non réglés, dont ${formatCents(over90)} depuis plus de 90 jours.`
            : 'Aucune facture en retard de paiement.'
        }
        kind="stacked"
        data={ages.total > 0 ? ages.data : []}
        empty="Aucune facture en retard : rien à relancer."
        categoryKey="age"
        categoryLabel="Retard"
        series={ages.series}
        unit="money"
        rowHref={() => OVERDUE_PATH}
      />
      <ChartPanel
        title="Ce que doit chaque loge"
        summary={
          first
            ? `${data.lignes.length} loge${data.lignes.length > 1 ? 's' : ''} doi${data.lignes.length > 1 ? 'vent' : 't'} ${formatCents(total)} en tout ; ${first.entite.nom} le plus (${formatCents(first.total)}).`
            : 'Aucune loge ne doit rien.'
        }
        kind="stacked"
        horizontal
        data={owed}
        empty="Aucune facture ne reste à payer."
        categoryKey="loge"
        categoryLabel="Loge ou association"
        series={[
          { key: 'retard', label: 'En retard' },
          { key: 'aEchoir', label: 'Pas encore échu' },
        ]}
        unit="money"
        height={Math.max(160, 60 + owed.length * 34)}
        rowHref={(row) => lodgeAccountPath(Number(row.idEntite))}
      />
    </>
  );
}
