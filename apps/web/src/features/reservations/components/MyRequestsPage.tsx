/**
 * "Mes demandes": the caller's pending requests (and upcoming refused ones, with the reason) and, for Union
 * staff, every request waiting for a decision.
 */
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { usePendingRequests } from '../api/pending';
import { PlanningNav } from './PlanningNav';
import { ReservationList } from './ReservationList';
import { useReservationEditing } from './useReservationEditing';
import { usePageTitle } from '../../../components/usePageTitle';

export function MyRequestsPage() {
  const pending = usePendingRequests();
  const editing = useReservationEditing(pending.data?.gestion);
  const data = pending.data;
  usePageTitle(data?.gestion ? 'Demandes à traiter' : 'Mes demandes');

  return (
    <Stack gap="md">
      <Title order={2}>{data?.gestion ? 'Demandes à traiter' : 'Mes demandes'}</Title>
      <PlanningNav gestion={data?.gestion} />
      {pending.isPending && <Loader aria-label="Chargement des demandes" />}
      {data?.gestion && (
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Demandes à traiter ({data.aTraiter.length})
          </Title>
          {data.aTraiter.length === 0 ? (
            <Alert variant="light" color="gray" icon={<IconInbox />}>
              Aucune demande n’attend de décision.
            </Alert>
          ) : (
            <ReservationList items={data.aTraiter} onOpen={editing.open} />
          )}
        </Stack>
      )}
      {data && (
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Mes demandes ({data.miennes.length})
          </Title>
          {data.miennes.length === 0 ? (
            <Alert variant="light" color="gray" icon={<IconInbox />}>
              Vous n’avez aucune demande en attente.
            </Alert>
          ) : (
            <ReservationList items={data.miennes} onOpen={editing.open} />
          )}
        </Stack>
      )}
      {editing.dialogs}
    </Stack>
  );
}
