/** The lodge's next sessions with their agapes' covers (issue 33): a chart and its table. */
import { hhmmOf, type LodgeDashboard } from '@union/contract';
import { List, Paper, Text, Title } from '@mantine/core';
import { ChartPanel } from '../../../components/charts/ChartPanel';
import { shortDate } from '../../../lib/dates';

const STATES = { DC: 'demandée', CR: 'confirmée', DS: 'suppression demandée' } as const;

export function SessionsChart({ data }: { data: LodgeDashboard }) {
  const rows = data.seances.map((s) => ({
    seance: `${shortDate(s.jour)}, ${hhmmOf(s.debut)}`,
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
      empty={
        n === 0
          ? 'Aucune tenue réservée à venir : le planning des réservations permet d’en demander.'
          : 'Aucun couvert n’est encore commandé pour ces tenues.'
      }
    />
  );
}

/** The sessions ahead as lines, each with its room, state and agapes: readable at any width. */
export function SessionsList({ data }: { data: LodgeDashboard }) {
  if (data.seances.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="prochaines-tenues">
      <Title order={3} id="prochaines-tenues" fz={{ base: 17, sm: 19 }} mb="xs">
        Tenues à venir
      </Title>
      <List spacing={6} listStyleType="none" pl={0}>
        {data.seances.map((s) => (
          <List.Item key={s.id}>
            <Text span fw={600}>
              {shortDate(s.jour)}, {hhmmOf(s.debut)}–{hhmmOf(s.fin)}
            </Text>{' '}
            · {s.libelle} · {s.salle} · {STATES[s.etat]}
            {s.agapes &&
              ` · agapes : ${s.agapes.couverts} couvert${s.agapes.couverts > 1 ? 's' : ''} sur ${s.agapes.places}`}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
