/** A list of reservations as cards (Mes demandes, closures): date, time, room, entity, state. */
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { ReservationState, type Reservation } from '@union/contract';
import { longDate, capitalized } from '../api/dates';
import { STATE_COLORS } from './colors';

export function ReservationList({ items, onOpen }: { items: Reservation[]; onOpen: (id: number) => void }) {
  return (
    <Stack gap="xs">
      {items.map((r) => (
        <UnstyledButton
          key={r.id}
          onClick={() => onOpen(r.id)}
          aria-label={`Ouvrir « ${r.libelle ?? r.entite} » du ${longDate(r.date)}`}
        >
          <Paper withBorder p="sm" radius="md" style={{ borderLeft: `5px solid ${r.couleurSalle}` }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {capitalized(longDate(r.date))} · {r.heureDebut} – {r.heureFin}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.salle} · {r.entite}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {r.libelle}
                  {r.demandeur ? ` — ${r.demandeur.prenom} ${r.demandeur.nom}` : ''}
                </Text>
                {r.etat === 'SU' && r.motifRefus && (
                  <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                    Refusée : {r.motifRefus}
                  </Text>
                )}
              </Stack>
              <Badge color={STATE_COLORS[r.etat]} style={{ flexShrink: 0 }}>
                {r.etat === 'SU' && r.motifRefus ? 'Refusée' : ReservationState.labels[r.etat]}
              </Badge>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
