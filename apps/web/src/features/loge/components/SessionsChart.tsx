/** The lodge's next sessions with their agapes' covers (issue 33): a chart and its table. */
import { hhmmOf, type LodgeDashboard } from '@union/contract';
import { ChartPanel } from '../../../components/charts/ChartPanel';
import { shortDate } from '../../../lib/dates';

const STATES = { DC: 'demandée', CR: 'confirmée', DS: 'suppression demandée' } as const;

export function SessionsChart({ data }: { data: LodgeDashboard }) {
  const rows = data.seances.map((s) => ({
    seance: `${shortDate(s.jour)} ${hhmmOf(s.debut)} – ${s.libelle} (${STATES[s.etat]})`,
    couverts: s.agapes?.couverts ?? 0,
    commandes: s.agapes?.commandes ?? 0,
  }));
  const withAgapes = data.seances.filter((s) => s.agapes !== null);
  const covers = withAgapes.reduce((n, s) => n + s.agapes!.couverts, 0);
  const n = data.seances.length;
  const summary =
    n === 0
      ? 'Aucune tenue réservée à venir.'
      : `${n} tenue${n > 1 ? 's' : ''} à venir, dont ${withAgapes.length} avec des agapes ; ${covers} couvert${covers > 1 ? 's' : ''} commandé${covers > 1 ? 's' : ''} en tout.`;
  return (
    <ChartPanel
      title="Prochaines tenues et leurs agapes"
      summary={summary}
      kind="bar"
      horizontal
      data={rows}
      categoryKey="seance"
      categoryLabel="Tenue"
      series={[
        { key: 'couverts', label: 'Couverts' },
        { key: 'commandes', label: 'Commandes' },
      ]}
      height={80 + rows.length * 44}
      empty="Aucune tenue réservée à venir : le planning des réservations permet d’en demander."
    />
  );
}
