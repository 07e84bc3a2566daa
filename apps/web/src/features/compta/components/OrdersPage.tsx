/**
 * The Union's orders: filters (type, state, lodge, year, overdue), states as coloured badges, totals of the
 * whole search, the overdue in red, pages; the bulk fee call and the Excel export.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconBell, IconClockHour4, IconTable } from '@tabler/icons-react';
import { Instalment, OrderState, OrderType, type OrderSearch } from '@union/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { asyncHandler } from '../../../components/error-handler';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import { useHabilitation } from '../../../lib/session';
import { exportOrders, useBillableEntities, useOrderSearch } from '../api/orders';
import { BulkCallButton } from './BulkCallButton';
import { BulkIssueButton } from './BulkIssueButton';
import { OrderStateBadge } from './OrderStateBadge';
import { options, orderNumber, yearOptions } from './shared';
import { ScrollTable } from '../../../components/ScrollTable';

export function OrdersPage() {
  usePageTitle('Comptabilité Union');
  const navigate = useNavigate();
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const entities = useBillableEntities();
  const [criteria, setCriteria] = useState<OrderSearch>({ page: 1, taille: 20 });
  const set = (patch: Partial<OrderSearch>) =>
    setCriteria((c) => ({ ...c, ...patch, page: patch.page ?? 1 }));
  const search = useOrderSearch(criteria);
  const result = search.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Comptabilité Union</Title>
        <Group gap="sm">
          <Button component={Link} to="cotisations" variant="light" leftSection={<IconTable size={18} />}>
            Tableau des cotisations
          </Button>
          <Button component={Link} to="relances" variant="light" leftSection={<IconBell size={18} />}>
            Relances
          </Button>
          <Button
            component={Link}
            to="balance-agee"
            variant="light"
            leftSection={<IconClockHour4 size={18} />}
          >
            Balance âgée et FEC
          </Button>
          {mayWrite && <BulkCallButton />}
          {mayWrite && <BulkIssueButton />}
          {mayWrite && (
            <Button component={Link} to="nouvelle" leftSection={<IconPlus size={18} />}>
              Nouvelle commande
            </Button>
          )}
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Type"
          placeholder="Tous les types"
          data={options(OrderType.labels)}
          value={criteria.type ?? null}
          onChange={(v) => set({ type: (v as OrderSearch['type']) ?? undefined })}
          clearable
          w={200}
        />
        <Select
          label="État"
          placeholder="Tous les états"
          data={options(OrderState.labels)}
          value={criteria.etat ?? null}
          onChange={(v) => set({ etat: (v as OrderSearch['etat']) ?? undefined })}
          clearable
          w={200}
        />
        <Select
          label="Loge ou association"
          placeholder="Toutes"
          data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
          value={criteria.idEntite ? String(criteria.idEntite) : null}
          onChange={(v) => set({ idEntite: v ? Number(v) : undefined })}
          searchable
          clearable
          w={260}
        />
        <Select
          label="Année"
          placeholder="Toutes"
          data={yearOptions()}
          value={criteria.annee ? String(criteria.annee) : null}
          onChange={(v) => set({ annee: v ? Number(v) : undefined })}
          clearable
          w={140}
        />
        <Select
          label="Tranche"
          placeholder="Toutes"
          data={options(Instalment.labels)}
          value={criteria.tranche ?? null}
          onChange={(v) => set({ tranche: (v as OrderSearch['tranche']) ?? undefined })}
          clearable
          w={160}
        />
        <Checkbox
          label="En retard de paiement"
          checked={criteria.enRetard === true}
          onChange={(e) => set({ enRetard: e.currentTarget.checked ? true : undefined })}
          mb={8}
        />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} />}
          onClick={asyncHandler(() =>
            exportOrders({ ...criteria, page: undefined, taille: undefined }).then((name) =>
              toast('success', `Le fichier « ${name} » est téléchargé.`),
            ),
          )}
        >
          Exporter en Excel
        </Button>
      </Group>

      {search.isPending && <Loader aria-label="Chargement des commandes" />}
      {search.isError && <Alert color="red">La liste des commandes n'a pas pu être chargée.</Alert>}
      {result && (
        <Group gap="xl">
          <Text>
            <strong>{result.total}</strong> commande{result.total > 1 ? 's' : ''}
          </Text>
          <Text>
            Montant total : <strong>{formatCents(result.montantTotal)}</strong>
          </Text>
          <Text c={result.montantDu > 0 ? 'red.9' : undefined}>
            Reste dû : <strong>{formatCents(result.montantDu)}</strong>
          </Text>
        </Group>
      )}
      {result && result.lignes.length === 0 && (
        <Alert color="gray">Aucune commande ne correspond à ces critères.</Alert>
      )}
      {result && result.lignes.length > 0 && (
        <ScrollTable label="Commandes et factures" minWidth={900}>
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
                <Table.Tr
                  key={o.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() =>
                    // The router shows a failed loader itself: nothing waits for the navigation.
                    void navigate(`commandes/${o.id}`)
                  }
                >
                  <Table.Td fw={500}>
                    <Anchor component={Link} to={`commandes/${o.id}`} onClick={(e) => e.stopPropagation()}>
                      {orderNumber(o)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{o.entite.nom}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {o.objet}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <OrderStateBadge etat={o.etat} enRetard={o.enRetard} />
                  </Table.Td>
                  <Table.Td>{formatDay(o.dateFacture ?? o.creeLe)}</Table.Td>
                  <Table.Td c={o.enRetard ? 'red.9' : undefined} fw={o.enRetard ? 700 : undefined}>
                    {formatDay(o.dateEcheance)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCents(o.total)}</Table.Td>
                  <Table.Td ta="right" c={o.enRetard ? 'red.9' : undefined} fw={o.enRetard ? 700 : undefined}>
                    {o.etat === 'FE' ? formatCents(o.total - o.paye) : '—'}
                  </Table.Td>
                </Table.Tr>
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
