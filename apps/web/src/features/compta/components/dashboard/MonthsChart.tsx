/** Invoiced and collected per month over an accounting year, beside the year before (one call). */
import { Loader, NativeSelect } from '@mantine/core';
import { MONTH_LABELS } from '@union/contract';
import { ChartPanel } from '../../../../components/charts/ChartPanel';
import { formatCents } from '../../../../lib/format';
import { useDashboardMonths } from '../../api/dashboard';
import { QueryFailed } from './QueryFailed';

export function MonthsChart({
  annee,
  years,
  onYear,
}: {
  annee: number;
  years: number[];
  onYear: (y: number) => void;
}) {
  const months = useDashboardMonths(annee);
  const before = annee - 1;
  const select = (
    <NativeSelect
      label="Exercice"
      w={140}
      data={years.map(String)}
      value={String(annee)}
      onChange={(e) => onYear(Number(e.currentTarget.value))}
    />
  );
  if (months.isPending) return <Loader aria-label="Chargement du facturé et de l’encaissé" />;
  if (months.isError) return <QueryFailed what="Le facturé et l’encaissé" />;
  const sum = (k: 'facture' | 'encaisse' | 'factureAvant' | 'encaisseAvant') =>
    months.data.mois.reduce((s, m) => s + m[k], 0);
  return (
    <>
      {select}
      <ChartPanel
        title={`Facturé et encaissé par mois, ${annee} et ${before}`}
        summary={`En ${annee}, ${formatCents(sum('facture'))} facturés et ${formatCents(sum('encaisse'))} encaissés ; en ${before}, ${formatCents(sum('factureAvant'))} et ${formatCents(sum('encaisseAvant'))}.`}
        kind="line"
        empty={`Rien de facturé ni d’encaissé en ${annee} ni en ${before}.`}
        data={months.data.mois.map((m) => ({ ...m, libelle: MONTH_LABELS[m.mois]! }))}
        categoryKey="libelle"
        categoryLabel="Mois"
        series={[
          { key: 'facture', label: `Facturé ${annee}` },
          { key: 'encaisse', label: `Encaissé ${annee}` },
          { key: 'factureAvant', label: `Facturé ${before}` },
          { key: 'encaisseAvant', label: `Encaissé ${before}` },
        ]}
        unit="money"
        minWidth={640}
        height={280}
      />
    </>
  );
}
