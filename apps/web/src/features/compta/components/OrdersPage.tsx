/**
 * The Union's orders: filters (type, state, lodge, year, overdue), states as coloured badges, totals of the
 * whole search, the overdue in red, pages; the bulk fee call and the Excel export.
 */
import { Alert, Button, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { OrderSearch } from '@union/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { useHabilitation } from '../../../lib/session';
import { useOrderSearch } from '../api/orders';
import { BulkCallButton } from './BulkCallButton';
import { BulkIssueButton } from './BulkIssueButton';
import { ComptaNav } from './ComptaNav';
import { OrderRow } from './OrderRow';
import { OrdersFilters } from './OrdersFilters';
import { ScrollTable } from '../../../components/ScrollTable';

/** What the dashboard's links ask for (issue 33): a lodge's account (?entite=), the overdue (?retard=1). */
function criteriaOf(params: URLSearchParams): OrderSearch {
  const entite = Number(params.get('entite'));
  return {
    page: 1,
    taille: 20,
    ...(Number.isInteger(entite) && entite > 0 ? { idEntite: entite } : {}),
    ...(params.get('retard') === '1' ? { enRetard: true } : {}),
  };
}

export function OrdersPage() {
  usePageTitle('Factures et devis');
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const [params] = useSearchParams();
  const [criteria, setCriteria] = useState<OrderSearch>(() => criteriaOf(params));
  const set = (patch: Partial<OrderSearch>) =>
    setCriteria((c) => ({ ...c, ...patch, page: patch.page ?? 1 }));
  const search = useOrderSearch(criteria);
  const result = search.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Factures et devis</Title>
        <Group gap="sm">
          {mayWrite && <BulkCallButton />}
          {mayWrite && <BulkIssueButton />}
          {mayWrite && (
            <Button component={Link} to="/app/compta/nouvelle" leftSection={<IconPlus size={18} />}>
              Nouvelle pièce
            </Button>
          )}
        </Group>
      </Group>
      <ComptaNav />

      <OrdersFilters criteria={criteria} set={set} />

      {search.isPending && <Loader aria-label="Chargement des pièces" />}
      {search.isError && <Alert color="red">La liste des pièces n'a pas pu être chargée.</Alert>}
      {result && (
        <Group gap="xl">
          <Text>
            <strong>{result.total}</strong> pièce{result.total > 1 ? 's' : ''}
          </Text>
          <Text>
            Montant total : <strong>{formatCents(result.montantTotal)}</strong>
          </Text>
          <Text c={result.montantDu > 0 ? 'red' : undefined}>
            Reste dû : <strong>{formatCents(result.montantDu)}</strong>
          </Text>
        </Group>
      )}
      {result && result.lignes.length === 0 && (
        <Alert color="gray">Aucune pièce ne correspond à ces critères.</Alert>
      )}
      {result && result.lignes.length > 0 && (
        <ScrollTable label="Factures et devis" minWidth={900} keyColumns={[0, 3, 7]}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Numéro</Table.Th>
                <Table.Th>Loge ou association</Table.Th>
                <Table.Th>Objet</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Échéance</Table.Th>
                <Table.Th ta="right">Montant</Table.Th>
                <Table.Th ta="right">Reste dû</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lignes.map((o) => (
                <OrderRow key={o.id} order={o} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {result && result.total > result.taille && (
        <Pagination
          total={Math.ceil(result.total / result.taille)}
          value={result.page}
          onChange={(page) => set({ page })}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? 'Page suivante' : control === 'previous' ? 'Page précédente' : control,
          })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Stack>
  );
}
