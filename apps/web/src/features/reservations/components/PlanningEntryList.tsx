/**
 * The entries of the annual planning, by lodge: a card each on a phone, a table row each on a wider
 * screen, with the buttons to see an entry's reservations and, for Union staff, to change or delete it.
 */
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MASONIC_MONTHS, MONTH_LABELS, ReservationType, type PlanningEntry } from '@union/contract';
import { ScrollTable } from '../../../components/ScrollTable';
import { useIsPhone } from '../../../components/useIsPhone';

/** "sept. à juin", or the months one by one when they are not consecutive. */
export function monthsLabel(mois: number[]): string {
  if (mois.length === 12) return 'toute l’année';
  const ordered = MASONIC_MONTHS.filter((m) => mois.includes(m));
  const first = MASONIC_MONTHS.indexOf(ordered[0]!);
  const consecutive = ordered.every((m, i) => MASONIC_MONTHS[first + i] === m);
  if (consecutive && ordered.length > 2) {
    return `${MONTH_LABELS[ordered[0]!]} à ${MONTH_LABELS[ordered[ordered.length - 1]!]}`;
  }
  return ordered.map((m) => MONTH_LABELS[m]).join(', ');
}

function EntryButtons({
  entry,
  gestion,
  onShow,
  onEdit,
  onDelete,
}: {
  entry: PlanningEntry;
  gestion: boolean | undefined;
  onShow: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const what = `${entry.entite}, ${entry.regleLibelle}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={onShow} aria-label={`Réservations : ${what}`}>
        Réservations
      </Button>
      {gestion && (
        <>
          <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Modifier : ${what}`}>
            Modifier
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={onDelete}
            aria-label={`Supprimer : ${what}`}
          >
            Supprimer
          </Button>
        </>
      )}
    </Group>
  );
}

interface Props {
  entries: PlanningEntry[];
  gestion: boolean | undefined;
  onShow: (entry: PlanningEntry) => void;
  onEdit: (entry: PlanningEntry) => void;
  onDelete: (entry: PlanningEntry) => void;
}

export function PlanningEntryList({ entries, gestion, onShow, onEdit, onDelete }: Props) {
  const phone = useIsPhone();
  const grouped = new Map<string, PlanningEntry[]>();
  for (const e of entries) grouped.set(e.entite, [...(grouped.get(e.entite) ?? []), e]);
  return (
    <>
      {[...grouped.entries()].map(([nom, items]) => (
        <Stack key={nom} gap={6}>
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {nom}
          </Title>
          {phone ? (
            items.map((e) => (
              <Paper key={e.id} withBorder p="sm" radius="md">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} size="sm">
                      {e.regleLibelle}, {e.heureDebut} – {e.heureFin}
                    </Text>
                    <Badge color={e.couleurSalle} variant="light" tt="none">
                      {e.salle}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.libelle} · {ReservationType.labels[e.type]}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {monthsLabel(e.mois)}
                  </Text>
                  <EntryButtons
                    entry={e}
                    gestion={gestion}
                    onShow={() => onShow(e)}
                    onEdit={() => onEdit(e)}
                    onDelete={() => onDelete(e)}
                  />
                </Stack>
              </Paper>
            ))
          ) : (
            <ScrollTable label="Réservations de l’année" minWidth={640}>
              <Table striped withTableBorder layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Règle</Table.Th>
                    <Table.Th>Horaire</Table.Th>
                    <Table.Th>Salle</Table.Th>
                    <Table.Th>Tenue</Table.Th>
                    <Table.Th>Mois</Table.Th>
                    <Table.Th w={gestion ? 320 : 130}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.regleLibelle}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {e.heureDebut} – {e.heureFin}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={e.couleurSalle} variant="light">
                          {e.salle}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.libelle}</Text>
                        <Text size="xs" c="dimmed">
                          {ReservationType.labels[e.type]}
                        </Text>
                      </Table.Td>
                      <Table.Td>{monthsLabel(e.mois)}</Table.Td>
                      <Table.Td>
                        <EntryButtons
                          entry={e}
                          gestion={gestion}
                          onShow={() => onShow(e)}
                          onEdit={() => onEdit(e)}
                          onDelete={() => onDelete(e)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      ))}
    </>
  );
}
