/**
 * Rooms × weekdays as a heat map: a real table (rooms down, Monday to Sunday across) whose cells carry
 * their figure and a background from the scale of heat.ts; the legend says what the shades mean.
 */
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { RoomOccupancy } from '@union/contract';
import { ScrollTable } from '../../../../components/ScrollTable';
import { HEAT_STEPS, heatStep } from './heat';

const DAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
const SHORT = ['Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.', 'Dim.'];

export function RoomsHeatMap({ salles }: { salles: RoomOccupancy[] }) {
  const max = Math.max(0, ...salles.flatMap((s) => s.jours));
  const busiest = salles
    .flatMap((s) => s.jours.map((n, d) => ({ salle: s.nom, jour: DAYS[d]!, n })))
    .sort((a, b) => b.n - a.n)[0];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="heat-title">
      <Stack gap="sm">
        <Title order={3} id="heat-title" fz={{ base: 17, sm: 19 }}>
          Réservations par salle et par jour de la semaine
        </Title>
        <Text size="sm" c="gray.8" id="heat-summary">
          {busiest && busiest.n > 0
            ? `Le plus chargé : ${busiest.salle} le ${busiest.jour.toLowerCase()} (${busiest.n} réservations cette saison).`
            : 'Aucune réservation confirmée cette saison.'}
        </Text>
        <ScrollTable label="Réservations par salle et par jour de la semaine" minWidth={520}>
          <Table
            withTableBorder
            withColumnBorders
            aria-labelledby="heat-title"
            aria-describedby="heat-summary"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Salle</Table.Th>
                {SHORT.map((d, i) => (
                  <Table.Th key={d} scope="col" ta="center">
                    <abbr title={DAYS[i]}>{d}</abbr>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {salles.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Th scope="row" fw="normal">
                    {s.nom}
                  </Table.Th>
                  {s.jours.map((n, d) => {
                    const step = heatStep(n, max);
                    return (
                      <Table.Td
                        key={d}
                        ta="center"
                        fw={700}
                        style={{ background: step.background, color: step.color }}
                      >
                        {n}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group gap={6} aria-hidden="true">
          <Text size="sm">Moins</Text>
          {HEAT_STEPS.map((step, i) => (
            <span
              key={i}
              style={{
                background: step.background,
                width: 28,
                height: 18,
                border: '1px solid #868e96',
                display: 'inline-block',
              }}
            />
          ))}
          <Text size="sm">Plus</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
