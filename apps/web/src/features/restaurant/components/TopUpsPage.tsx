/** /app/restauration/rechargements (COMPTA_SAISIE): the card top-ups to validate, take into account or cancel. */
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { TopUpAction, type TopUpState } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { RestaurantNav } from './RestaurantNav';
import { formatCents } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { useTopUpDecision, useTopUpSearch } from '../api/cards';
import { TopUpStateBadge } from './labels';
import { ScrollTable } from '../../../components/ScrollTable';

const FILTERS: Record<string, TopUpState[]> = {
  'À valider': ['P', 'R'],
  'En cours': ['C'],
  Traités: ['V', 'X', 'E'],
};
const PATH = { VALIDATE: 'validate', TRANSFER: 'transfer', CANCEL: 'cancel' } as const;
/** What the toast says once done: « Rechargement n° 2 validé. », not the button's infinitive. */
const DONE = { VALIDATE: 'validé', TRANSFER: 'pris en compte', CANCEL: 'annulé' } as const;

export function TopUpsPage() {
  usePageTitle('Rechargements de cartes');
  const [filter, setFilter] = useState('À valider');
  const search = useTopUpSearch({ etats: FILTERS[filter] });
  const decide = useTopUpDecision();

  return (
    <Stack gap="md">
      <Title order={2}>Rechargements de cartes Union</Title>
      <RestaurantNav />
      <SegmentedControl
        data={Object.keys(FILTERS)}
        value={filter}
        onChange={setFilter}
        aria-label="Rechargements affichés"
      />
      {search.isPending && <Loader aria-label="Chargement des rechargements" />}
      {search.data && search.data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInbox />}>
          Aucun rechargement.
        </Alert>
      )}
      {search.data && search.data.length > 0 && (
        <ScrollTable label="Cartes trouvées" minWidth={600}>
          <Table striped aria-label="Rechargements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Membre</Table.Th>
                <Table.Th>Montant</Table.Th>
                <Table.Th>Transaction</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {search.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDateTime(p.date)}</Table.Td>
                  <Table.Td>
                    {p.personne.prenom} {p.personne.nom}
                  </Table.Td>
                  <Table.Td>{formatCents(p.montant)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {p.transId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TopUpStateBadge topUp={p} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {p.actions.map((action) => (
                        <Button
                          key={action}
                          size="compact-sm"
                          variant={
                            action === 'VALIDATE' ? 'filled' : action === 'CANCEL' ? 'subtle' : 'light'
                          }
                          color={action === 'CANCEL' ? 'red' : undefined}
                          c={action === 'CANCEL' ? 'red' : undefined}
                          aria-label={`${TopUpAction.labels[action]} le rechargement de ${p.personne.prenom} ${p.personne.nom}`}
                          onClick={() => {
                            const run = () =>
                              decide.mutate(
                                { id: p.id, action: PATH[action] },
                                {
                                  onSuccess: () =>
                                    toast('success', `Rechargement n° ${p.id} ${DONE[action]}.`),
                                },
                              );
                            // Cancelling refuses the member's payment: asked first.
                            if (action !== 'CANCEL') return run();
                            void openDialog({
                              type: 'question',
                              title: 'Annuler le rechargement',
                              text: `Annuler le rechargement de ${formatCents(p.montant)} de ${p.personne.prenom} ${p.personne.nom} ? Sa carte ne sera pas créditée.`,
                              okLabel: 'Annuler le rechargement',
                              cancelLabel: 'Ne rien changer',
                            }).then((answer) => answer === 'ok' && run());
                          }}
                        >
                          {TopUpAction.labels[action]}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
