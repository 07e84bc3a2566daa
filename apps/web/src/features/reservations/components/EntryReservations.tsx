/** The reservations an annual-planning entry placed and that still hold the room (GET …/infos). */
import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PlanningEntry } from '@union/contract';
import { usePlanningEntryInfos } from '../api/planning';
import { ReservationList } from './ReservationList';

interface Props {
  entry: PlanningEntry | null;
  onClose: () => void;
  onOpen: (id: number) => void;
}

export function EntryReservations({ entry, onClose, onOpen }: Props) {
  const infos = usePlanningEntryInfos(entry?.id ?? null);
  const items = infos.data?.reservations ?? [];
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      size="lg"
      title={entry ? `Réservations : ${entry.entite}, ${entry.regleLibelle}` : ''}
    >
      {infos.isPending && <Loader aria-label="Chargement des réservations" />}
      {infos.data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {items.length === 0
              ? ''
              : `${items.length} réservation${items.length > 1 ? 's' : ''} de ${entry?.heureDebut} à ${entry?.heureFin}, dans l’ordre des dates.`}
          </Text>
          {items.length === 0 ? (
            <Alert color="gray" variant="light">
              Cette entrée ne tient plus aucune réservation.
            </Alert>
          ) : (
            <ReservationList items={items} onOpen={onOpen} />
          )}
        </Stack>
      )}
    </Modal>
  );
}
