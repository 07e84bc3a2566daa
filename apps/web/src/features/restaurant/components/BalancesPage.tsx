/**
 * /app/restauration/soldes (COMPTA_LECTURE): what the Union owes its members and lodges on their cards at
 * the end of a day, from the ledger, on screen and in Excel; then every till session of the desk.
 */
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { asyncHandler } from '../../../components/error-handler';
import { ScrollTable } from '../../../components/ScrollTable';
import { toast } from '../../../components/toast';
import { DateField } from '../../../components/DateField';
import { usePageTitle } from '../../../components/usePageTitle';
import { RestaurantNav } from './RestaurantNav';
import { formatCents } from '../../../lib/format';
import { formatLongDate } from '../../../lib/dates';
import { todayIso } from '../api/dates';
import { downloadBalances, useCardBalances } from '../api/desk';
import { TillSessionsTable } from './TillSessionsTable';

export function BalancesPage() {
  usePageTitle('Soldes des cartes Union');
  const [date, setDate] = useState(todayIso());
  const balances = useCardBalances(date);

  return (
    <Stack gap="md">
      <Title order={2}>Soldes des cartes Union</Title>
      <RestaurantNav />
      <Group align="flex-end" wrap="wrap">
        <DateField label="Soldes au soir du" value={date} onChange={(d) => d && setDate(d)} />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          disabled={!balances.data}
          onClick={asyncHandler(() =>
            downloadBalances(date).then((name) => toast('success', `Fichier ${name} téléchargé.`)),
          )}
        >
          Télécharger en Excel
        </Button>
      </Group>
      {balances.isPending && <Loader aria-label="Calcul des soldes" />}
      {balances.data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text size="sm">Dû par l’Union au {formatLongDate(balances.data.date)}</Text>
              <Text fw={700} fz="xl">
                {formatCents(balances.data.total)}
              </Text>
            </div>
            <div>
              <Text size="sm">Cartes des membres</Text>
              <Text fw={600}>{formatCents(balances.data.totalMembres)}</Text>
            </div>
            <div>
              <Text size="sm">Cartes des loges</Text>
              <Text fw={600}>{formatCents(balances.data.totalEntites)}</Text>
            </div>
          </SimpleGrid>
          {balances.data.cartes.length === 0 ? (
            <Alert variant="light" color="gray" icon={<IconInbox />}>
              Aucune carte n’a de solde à cette date.
            </Alert>
          ) : (
            <ScrollTable label="Soldes par carte" minWidth={420}>
              <Table striped aria-label="Soldes par carte">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Titulaire</Table.Th>
                    <Table.Th>Carte</Table.Th>
                    <Table.Th ta="right">Solde</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {balances.data.cartes.map((c) => (
                    <Table.Tr key={c.idEntite !== null ? `e${c.idEntite}` : `u${c.idUser}`}>
                      <Table.Td>{c.titulaire}</Table.Td>
                      <Table.Td>{c.idEntite !== null ? 'Loge' : 'Membre'}</Table.Td>
                      <Table.Td ta="right">{formatCents(c.solde)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </>
      )}
      <Title order={3} fz={{ base: 18, sm: 20 }}>
        Sessions de caisse
      </Title>
      <TillSessionsTable />
    </Stack>
  );
}
